// A multipart POST from the browser that reports upload progress (fetch cannot)
// and answers with the status and the parsed JSON body (null when it is not
// JSON, e.g. the 413 page of the server's body cap). Used by the document
// upload and Contact Us; both fall back to a plain form post without JavaScript.
export type PostAnswer<T> = { status: number; json: T | null } | { status: 0; json: null; networkError: true };

export function postWithProgress<T>(
  url: string,
  body: FormData,
  onProgress: (percent: number | null) => void,
  keep?: (xhr: XMLHttpRequest | null) => void,
): Promise<PostAnswer<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    keep?.(xhr);
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      keep?.(null);
      onProgress(null);
      let json: T | null = null;
      try {
        json = JSON.parse(xhr.responseText) as T;
      } catch {
        json = null;
      }
      resolve({ status: xhr.status, json });
    };
    xhr.onerror = () => {
      keep?.(null);
      onProgress(null);
      resolve({ status: 0, json: null, networkError: true });
    };
    onProgress(0);
    xhr.send(body);
  });
}
