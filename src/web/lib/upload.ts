import { ApiError, languageHeader } from "./api";

/**
 * A multipart upload that reports how much of the file has been sent (fetch cannot tell): resolves with
 * the JSON answer, rejects with the same ApiError as apiJson for a non-OK status, and with a plain Error
 * when the connection fails.
 */
export function uploadWithProgress<T>(
  url: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.withCredentials = true;
    for (const [name, value] of Object.entries(languageHeader())) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(new ApiError(request.status, request.responseText, request.statusText));
        return;
      }
      try {
        resolve(JSON.parse(request.responseText) as T);
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(new Error("network"));
    request.send(form);
  });
}
