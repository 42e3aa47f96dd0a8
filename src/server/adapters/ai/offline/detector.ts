import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { GraphModel } from "@tensorflow/tfjs-converter";
import type * as TfCore from "@tensorflow/tfjs-core";
import sharp from "sharp";
import type { AnalysisImage } from "../ai";

/** The 80 COCO classes, in the order of CenterNet's class index. */
export const COCO_LABELS = [
  "person",
  "bicycle",
  "car",
  "motorcycle",
  "airplane",
  "bus",
  "train",
  "truck",
  "boat",
  "traffic light",
  "fire hydrant",
  "stop sign",
  "parking meter",
  "bench",
  "bird",
  "cat",
  "dog",
  "horse",
  "sheep",
  "cow",
  "elephant",
  "bear",
  "zebra",
  "giraffe",
  "backpack",
  "umbrella",
  "handbag",
  "tie",
  "suitcase",
  "frisbee",
  "skis",
  "snowboard",
  "sports ball",
  "kite",
  "baseball bat",
  "baseball glove",
  "skateboard",
  "surfboard",
  "tennis racket",
  "bottle",
  "wine glass",
  "cup",
  "fork",
  "knife",
  "spoon",
  "bowl",
  "banana",
  "apple",
  "sandwich",
  "orange",
  "broccoli",
  "carrot",
  "hot dog",
  "pizza",
  "donut",
  "cake",
  "chair",
  "couch",
  "potted plant",
  "bed",
  "dining table",
  "toilet",
  "tv",
  "laptop",
  "mouse",
  "remote",
  "keyboard",
  "cell phone",
  "microwave",
  "oven",
  "toaster",
  "sink",
  "refrigerator",
  "book",
  "clock",
  "vase",
  "scissors",
  "teddy bear",
  "hair drier",
  "toothbrush",
] as const;

export interface Detection {
  label: string;
  score: number;
  /** Box in fractions of the image: left, top, right, bottom. */
  box: [number, number, number, number];
}

const INPUT_SIZE = 512;
const require = createRequire(import.meta.url);

interface LoadedModel {
  tf: typeof TfCore;
  model: GraphModel;
}

let loading: Promise<LoadedModel> | undefined;
/** Detections run one at a time: the wasm backend is single-threaded and memory stays flat. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * CenterNet (MobileNetV3, COCO) from the weights shipped inside @vladmandic/human, on TensorFlow.js's
 * WebAssembly backend: no network, no native build. Loaded once per process, on first use.
 */
function loadModel(): Promise<LoadedModel> {
  loading ??= (async () => {
    const tf = await import("@tensorflow/tfjs-core");
    const { setWasmPaths } = await import("@tensorflow/tfjs-backend-wasm");
    const { loadGraphModel } = await import("@tensorflow/tfjs-converter");
    const wasmDir = path.dirname(
      require.resolve("@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm"),
    );
    setWasmPaths(`${wasmDir}${path.sep}`);
    await tf.setBackend("wasm");
    await tf.ready();
    // The package exports only its code; the weights sit in models/ next to dist/.
    const modelDir = path.resolve(path.dirname(require.resolve("@vladmandic/human")), "..", "models");
    const manifest = JSON.parse(fs.readFileSync(path.join(modelDir, "centernet.json"), "utf8")) as {
      modelTopology: object;
      weightsManifest: { weights: TfCore.io.WeightsManifestEntry[] }[];
    };
    const weights = fs.readFileSync(path.join(modelDir, "centernet.bin"));
    const model = await loadGraphModel(
      tf.io.fromMemory({
        modelTopology: manifest.modelTopology,
        weightSpecs: manifest.weightsManifest.flatMap((group) => group.weights),
        weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
      }),
    );
    return { tf, model };
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

async function runDetection(image: AnalysisImage): Promise<Detection[]> {
  const { tf, model } = await loadModel();
  const { data } = await sharp(image.pixels, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  })
    .removeAlpha()
    .toColourspace("srgb")
    .resize(INPUT_SIZE, INPUT_SIZE, { fit: "fill" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const input = tf.tensor4d(Float32Array.from(data), [1, INPUT_SIZE, INPUT_SIZE, 3]);
  try {
    const output = model.execute(input, ["tower_0/detections"]) as TfCore.Tensor;
    const rows = ((await output.array()) as number[][][])[0] ?? [];
    output.dispose();
    return rows
      .filter((row) => (row[4] ?? 0) > 0.05)
      .map(([x1 = 0, y1 = 0, x2 = 0, y2 = 0, score = 0, index = 0]) => ({
        label: COCO_LABELS[Math.round(index)] ?? "object",
        score,
        box: [
          clamp(x1 / INPUT_SIZE),
          clamp(y1 / INPUT_SIZE),
          clamp(x2 / INPUT_SIZE),
          clamp(y2 / INPUT_SIZE),
        ] as Detection["box"],
      }))
      .filter((detection) => detection.box[2] > detection.box[0] && detection.box[3] > detection.box[1]);
  } finally {
    input.dispose();
  }
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** Detects objects, one image at a time across the whole process. */
export function detectObjects(image: AnalysisImage): Promise<Detection[]> {
  const run = queue.then(() => runDetection(image));
  queue = run.catch(() => undefined);
  return run;
}

/** Loads the model ahead of the first request (called at startup when the offline provider is in use). */
export async function warmUpDetector(): Promise<void> {
  await loadModel();
}
