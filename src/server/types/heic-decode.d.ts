declare module "heic-decode" {
  interface DecodedImage {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }
  /** An image of the file, with its size read from the container; pixels are decoded on request. */
  interface PendingImage {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  function decode(options: { buffer: ArrayBufferLike | Uint8Array }): Promise<DecodedImage>;
  namespace decode {
    function all(options: {
      buffer: ArrayBufferLike | Uint8Array;
    }): Promise<PendingImage[] & { dispose(): void }>;
  }
  export default decode;
}
