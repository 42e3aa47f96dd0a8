import { useEffect, useRef, useState } from "react";
import { imageProblem } from "../../../../shared/image-limits";
import type { ProductView } from "../../../../shared/product";
import { MAX_PRODUCT_IMAGES } from "../../../../shared/product-images";
import { errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { toastFailure } from "../../../lib/toast-failure";
import {
  uploadProductImage,
  useProductImagesSaved,
  useRemoveProductImage,
  useReorderProductImages,
} from "../api";
import { PhotoManager, type PhotoTile } from "./photo-manager";

/** A file on its way to the product, or one that did not get there. */
interface Upload {
  key: string;
  file: File;
  src: string;
  state: "uploading" | "failed";
  progress: number;
  error?: string;
}

let uploadCounter = 0;

/**
 * The edit page's photos: every change is saved at once through the photo routes (decision 0033), the
 * uploads one after another in the order chosen, each with its own progress and error.
 */
export function ProductPhotos({ product }: { product: ProductView }) {
  const { t } = useTranslation();
  const saved = useProductImagesSaved(product.id);
  const reorder = useReorderProductImages(product.id);
  const remove = useRemoveProductImage(product.id);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [order, setOrder] = useState<string[] | null>(null);
  const queue = useRef(Promise.resolve());
  const objectUrls = useRef(new Set<string>());

  useEffect(() => {
    const urls = objectUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const update = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));
  const drop = (key: string) => {
    setUploads((list) => {
      const gone = list.find((upload) => upload.key === key);
      if (gone) {
        URL.revokeObjectURL(gone.src);
        objectUrls.current.delete(gone.src);
      }
      return list.filter((upload) => upload.key !== key);
    });
  };

  function send(upload: Upload) {
    queue.current = queue.current.then(async () => {
      update(upload.key, { state: "uploading", progress: 0, error: undefined });
      try {
        const answer = await uploadProductImage(product.id, upload.file, (progress) =>
          update(upload.key, { progress }),
        );
        await saved(answer);
        drop(upload.key);
      } catch (error) {
        update(upload.key, { state: "failed", error: errorMessage(error, t("photos.uploadFailed")) });
      }
    });
  }

  function add(files: File[]) {
    const waiting = uploads.filter((upload) => upload.state === "uploading").length;
    let room = MAX_PRODUCT_IMAGES - product.images.length - waiting;
    const added: Upload[] = files.map((file) => {
      const src = URL.createObjectURL(file);
      objectUrls.current.add(src);
      const problem = imageProblem(file);
      const full = !problem && room <= 0;
      if (!problem && !full) room -= 1;
      return {
        key: `upload-${++uploadCounter}`,
        file,
        src,
        state: problem || full ? "failed" : "uploading",
        progress: 0,
        error: problem ? t(problem) : full ? t("errors.tooManyProductImages") : undefined,
      };
    });
    setUploads((list) => [...list, ...added]);
    for (const upload of added) if (upload.state === "uploading") send(upload);
  }

  const byId = new Map(product.images.map((image) => [image.id, image]));
  const ordered = (order ?? product.images.map((image) => image.id)).flatMap((id) => byId.get(id) ?? []);
  const tiles: PhotoTile[] = [
    ...ordered.map((image) => ({ key: image.id, src: image.url, state: "ready" as const })),
    ...uploads.map(({ key, src, state, progress, error }) => ({ key, src, state, progress, error })),
  ];

  return (
    <PhotoManager
      label={t("photos.label")}
      tiles={tiles}
      onAdd={add}
      removeDeletes
      onRemove={(imageId) =>
        remove.mutate(imageId, {
          onError: (error) => toastFailure(t("photos.removeFailed"), error, t("common.tryAgain")),
        })
      }
      onReorder={(imageIds) => {
        setOrder(imageIds);
        reorder.mutate(imageIds, {
          onSettled: () => setOrder(null),
          onError: (error) => toastFailure(t("photos.orderFailed"), error, t("common.tryAgain")),
        });
      }}
      onRetry={(key) => {
        const upload = uploads.find((candidate) => candidate.key === key);
        if (upload && !imageProblem(upload.file)) send(upload);
      }}
      onDismiss={drop}
    />
  );
}
