import sharp from "sharp";
import { IMAGE_WIDTHS } from "../../../shared/image-url";
import type { PreparedImage } from "./pipeline";

/**
 * The improved copy an analysis may offer next to the photo as it was taken (decision 0062): framed
 * around the product the AI found, its white balance and exposure corrected. The seller chooses between
 * the two; nothing here is ever applied without that choice.
 */

/** Where the product is, in fractions of the photo: left, top, right, bottom (the detector's box). */
export type ProductBox = readonly [number, number, number, number];

/** Room left around the product on each side, as a share of the product's own width and height. */
const MARGIN = 0.12;
/** A product at least this much taller than wide gets a 4:5 portrait frame, any other a square. */
const PORTRAIT_FROM = 1.15;
/** A frame is never narrower than the smallest width the pipeline stores (nor than the photo allows). */
const MIN_FRAME = Math.min(...IMAGE_WIDTHS);
/** The white balance moves a channel by at most this factor either way: a red pot stays red. */
const MAX_CHANNEL_GAIN = 1.25;
/** A channel mean within this share of the grey mean is left as it is. */
const CAST_TOLERANCE = 0.08;
/** Share of the pixels levels let go to pure black, and as many to pure white. */
const LEVELS_CLIP = 0.005;
/** Levels closer together than this (of 255) are a photo of nearly one brightness: not stretched. */
const MIN_LEVELS_RANGE = 32;
/** Rec. 709 weights of R, G and B in brightness. */
const LUMA = [0.2126, 0.7152, 0.0722];

/**
 * The one rule of "differs meaningfully": the copy is offered when its frame leaves out at least a fifth
 * of the photo, or when the colour correction moves some channel's mean by at least this share of the
 * full scale (10 of 255 levels, about what an eye notices side by side). Anything less is the same photo.
 */
export const MEANINGFUL_CROP = 0.2;
export const MEANINGFUL_COLOUR_SHIFT = 0.04;

export interface Frame {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface ImprovedPhoto {
  image: PreparedImage;
  /** The part of the original the copy shows, in its pixels; the whole photo when it was not cropped. */
  frame: Frame;
  aspect: "square" | "portrait" | "original";
  /** Share of the original's area the frame leaves out, 0..1. */
  croppedShare: number;
  /** The largest change of a channel's mean the correction made, as a share of the full scale, 0..1. */
  colourShift: number;
  /** Per-channel means (R, G, B) of the framed original before and of the copy after the correction. */
  means: { before: number[]; after: number[] };
  meaningful: boolean;
}

/**
 * The frame around the product: its box with a margin, widened to a square (or 4:5 for a tall product),
 * centred on the product and moved inside the photo. Null when the product would not fit whole in such a
 * frame inside the photo: a cut-off product is worse than an uncropped photo.
 */
export function frameAround(
  box: ProductBox,
  width: number,
  height: number,
): { frame: Frame; aspect: "square" | "portrait" } | null {
  const [left, top, right, bottom] = box;
  const boxWidth = (right - left) * width;
  const boxHeight = (bottom - top) * height;
  if (boxWidth <= 0 || boxHeight <= 0) return null;
  const aspect = boxHeight / boxWidth >= PORTRAIT_FROM ? "portrait" : "square";
  /** Width over height. */
  const ratio = aspect === "portrait" ? 4 / 5 : 1;
  let frameWidth = Math.max(boxWidth * (1 + 2 * MARGIN), boxHeight * (1 + 2 * MARGIN) * ratio, MIN_FRAME);
  let frameHeight = frameWidth / ratio;
  const fit = Math.min(1, width / frameWidth, height / frameHeight);
  frameWidth = Math.floor(frameWidth * fit);
  frameHeight = Math.floor(frameHeight * fit);
  if (frameWidth < Math.ceil(boxWidth) || frameHeight < Math.ceil(boxHeight)) return null;
  const centreX = ((left + right) / 2) * width;
  const centreY = ((top + bottom) / 2) * height;
  const clamp = (value: number, max: number) => Math.round(Math.min(Math.max(value, 0), max));
  return {
    aspect,
    frame: {
      left: clamp(centreX - frameWidth / 2, width - frameWidth),
      top: clamp(centreY - frameHeight / 2, height - frameHeight),
      width: frameWidth,
      height: frameHeight,
    },
  };
}

/** Per-channel means of the colour channels (one for a grey photo), 0..255. */
async function channelMeans(image: PreparedImage): Promise<number[]> {
  const { width, height, channels } = image.info;
  const stats = await sharp(image.pixels, { raw: { width, height, channels } }).stats();
  const colour = channels >= 3 ? 3 : 1;
  return stats.channels.slice(0, colour).map((channel) => channel.mean);
}

/**
 * Grey-world white balance: a photo's colours average out to grey, so each channel is scaled to bring
 * its mean toward the mean of all three. Only the cast beyond a tolerance is removed (a photo keeps a
 * little warmth, and a corrected photo needs no second correction), the gains are clamped (a photo that
 * really is mostly one colour, a brown table or a green wall, is warmed or cooled a little, not turned
 * grey), and the brightness is kept: exposure is the levels' business.
 */
export function greyWorldGains(means: number[]): number[] {
  if (means.length < 3 || means.some((mean) => mean <= 0)) return means.map(() => 1);
  const grey = means.reduce((sum, mean) => sum + mean, 0) / means.length;
  const tolerance = grey * CAST_TOLERANCE;
  const raw = means.map((mean) => {
    const target = grey + Math.min(tolerance, Math.max(-tolerance, mean - grey));
    return Math.min(MAX_CHANNEL_GAIN, Math.max(1 / MAX_CHANNEL_GAIN, target / mean));
  });
  const luma = (values: number[]) =>
    values.reduce((sum, value, index) => sum + value * (LUMA[index] ?? 0), 0);
  const keepBrightness = luma(means) / luma(means.map((mean, index) => mean * (raw[index] ?? 1)));
  return raw.map((gain) => gain * keepBrightness);
}

/** A point of the original (percent of its width and height) as a point of the framed copy. */
export function pointInFrame(
  point: { x: number; y: number },
  frame: Frame,
  original: { width: number; height: number },
): { x: number; y: number } {
  const inFrame = (value: number, start: number, size: number, total: number) =>
    Math.round(Math.min(100, Math.max(0, ((value / 100) * total - start) / size) * 100) * 10) / 10;
  return {
    x: inFrame(point.x, frame.left, frame.width, original.width),
    y: inFrame(point.y, frame.top, frame.height, original.height),
  };
}

/**
 * Levels: the brightness below which the darkest `LEVELS_CLIP` of the pixels lie, and above which the
 * brightest do, from a histogram of the photo's luminance.
 */
async function luminanceLevels(image: PreparedImage): Promise<{ dark: number; light: number }> {
  const { width, height, channels } = image.info;
  const grey = await sharp(image.pixels, { raw: { width, height, channels } })
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer();
  const histogram = new Uint32Array(256);
  for (const value of grey) histogram[value] = (histogram[value] ?? 0) + 1;
  const clipped = grey.length * LEVELS_CLIP;
  const level = (from: number, step: number) => {
    let seen = 0;
    for (let value = from; value >= 0 && value <= 255; value += step) {
      seen += histogram[value] ?? 0;
      if (seen > clipped) return value;
    }
    return from;
  };
  return { dark: level(0, 1), light: level(255, -1) };
}

/**
 * The improved copy of a prepared photo: framed around `box` when there is one, then white balance
 * (grey world, above) and exposure (levels: the darkest and brightest percent of the pixels become black
 * and white) corrected in one linear step per channel. Decides by the one rule above whether it
 * differs meaningfully from the original; a copy that was improved already needs nothing more.
 */
export async function improvePhoto(image: PreparedImage, box: ProductBox | null): Promise<ImprovedPhoto> {
  const { width, height, channels } = image.info;
  const framed = box ? frameAround(box, width, height) : null;
  const frame = framed?.frame ?? { left: 0, top: 0, width, height };
  const cropped: PreparedImage = framed
    ? await sharp(image.pixels, { raw: { width, height, channels } })
        .extract(frame)
        .raw()
        .toBuffer({ resolveWithObject: true })
        .then(({ data, info }) => ({ pixels: data, info }))
    : image;
  const [before, { dark, light }] = await Promise.all([channelMeans(cropped), luminanceLevels(cropped)]);
  // A photo with hardly any range (a blank wall) is left as it is rather than stretched into noise.
  const stretch = light - dark >= MIN_LEVELS_RANGE ? 255 / (light - dark) : 1;
  const black = stretch === 1 ? 0 : dark;
  // Balanced as the levels will leave the photo, so the copy's own means come out grey (within tolerance).
  const gains = greyWorldGains(before.map((mean) => Math.max(1, (mean - black) * stretch)));
  // out = gain × (in − black) × stretch per colour channel; alpha, when there is one, keeps its values.
  const alpha = cropped.info.channels === 2 || cropped.info.channels === 4;
  const multipliers = [...gains.map((gain) => gain * stretch), ...(alpha ? [1] : [])];
  const offsets = [...gains.map((gain) => -gain * black * stretch), ...(alpha ? [0] : [])];
  const { data, info } = await sharp(cropped.pixels, {
    raw: { width: cropped.info.width, height: cropped.info.height, channels: cropped.info.channels },
  })
    .linear(multipliers, offsets)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const improved: PreparedImage = { pixels: data, info };
  const after = await channelMeans(improved);
  const croppedShare = 1 - (frame.width * frame.height) / (width * height);
  const colourShift = Math.max(...before.map((mean, index) => Math.abs((after[index] ?? mean) - mean))) / 255;
  return {
    image: improved,
    frame,
    aspect: framed?.aspect ?? "original",
    croppedShare,
    colourShift,
    means: { before, after },
    meaningful: croppedShare >= MEANINGFUL_CROP || colourShift >= MEANINGFUL_COLOUR_SHIFT,
  };
}
