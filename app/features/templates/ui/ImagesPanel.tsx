// The Template Images panel of the template editor (decision 0025): the
// images with the HTML to paste (without JavaScript) or a pointer to the
// toolbar (with it), deleting one, and uploading the next (one at a time,
// checked in the browser first, then by the upload route).
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ErrorSummary } from "~/components/ErrorSummary";
import { TextField } from "~/components/form/fields";
import { IMAGE_UPLOAD_POLICY, UPLOAD_LIMIT_TEXT } from "~/lib/upload-policy";
import { IMAGE_UPLOAD_ANSWERS, type DialogText } from "../messages";
import { checkImageFilesBeforeUpload, IMAGE_FIELDS, IMAGE_NAME_MAX, imageNameSchema } from "../schema";

/** The editor's form fields that pick the action and the image. */
export const INTENT = "intent";
export const IMAGE_ID = "imageId";

const FILE_ID = "image-file";
/** conform's intent field (INTENT of @conform-to/dom, not a dependency of ours; form.server.ts reserves it too). */
const CONFORM_INTENT = "__intent__";

type Img = { corrTemplateImageId: number; imageName: string; imageTypeCode: string; url: string };

const snippet = (img: Img, size: "small" | "medium" | "large") => `<img src="${img.url}" alt="${img.imageName.replace(/"/g, "&quot;")}" class="img-${size}">`;

export function ImagesPanel({ templateId, images }: { templateId: number; images: Img[] }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // The browser's refusal of the chosen file: beside the file field, with a summary above the form
  // (decision 0103), until the next try.
  const [problem, setProblem] = useState<DialogText | null>(null);
  const [tries, setTries] = useState(0);
  const [form, fields] = useForm({
    id: "image-upload",
    constraint: getZodConstraint(imageNameSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: imageNameSchema }),
  });
  const formProps = getFormProps(form);
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    // conform checks a field when it is left by submitting with its hidden intent button: not an
    // upload. Clearing the refusal then would move UPLOAD up under the pointer of the click that
    // left the field (found at 390 px by tests/e2e/email-templates.test.ts).
    if ((e.nativeEvent as SubmitEvent).submitter?.getAttribute("name") === CONFORM_INTENT) return formProps.onSubmit(e);
    const input = e.currentTarget.elements.namedItem(IMAGE_FIELDS.file) as HTMLInputElement | null;
    const name = (e.currentTarget.elements.namedItem(IMAGE_FIELDS.imageName) as HTMLInputElement | null)?.value ?? "";
    const code = checkImageFilesBeforeUpload(input?.files ?? [], name);
    setTries((n) => n + 1);
    if (code && code !== "NO_NAME") {
      e.preventDefault();
      setProblem(IMAGE_UPLOAD_ANSWERS[code]);
      return;
    }
    setProblem(null);
    formProps.onSubmit(e);
  };
  return (
    <>
      {images.length === 0 ? (
        <p className="muted">No images yet.</p>
      ) : (
        <ul className="templates__images">
          {images.map((img) => (
            <li key={img.corrTemplateImageId} className="templates__image">
              <img src={img.url} alt="" className="templates__thumb" />
              <div className="templates__image-text">
                <p>
                  <strong>{img.imageName}</strong> ({img.imageTypeCode.toUpperCase()})
                </p>
                {mounted ? (
                  <p className="muted">Insert it with Insert image in the toolbar.</p>
                ) : (
                  <details>
                    <summary>HTML to paste into the template</summary>
                    <ul className="templates__snippets">
                      {(["small", "medium", "large"] as const).map((size) => (
                        <li key={size}>
                          {size === "small" ? "Small (80 px)" : size === "medium" ? "Medium (300 px)" : "Large (original size)"}: <code>{snippet(img, size)}</code>
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
                <Form method="post" action={`/corr/${templateId}`} preventScrollReset>
                  <input type="hidden" name={INTENT} value="deleteImage" />
                  <input type="hidden" name={IMAGE_ID} value={img.corrTemplateImageId} />
                  <button type="submit" className="btn btn--small btn--secondary" aria-label={`Delete image ${img.imageName}`}>
                    Delete
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Form
        method="post"
        action={`/corr/upload?id=${templateId}`}
        encType="multipart/form-data"
        {...formProps}
        onSubmit={onSubmit}
        className="templates__upload"
        preventScrollReset
      >
        {problem ? <ErrorSummary key={tries} id="image-upload-summary" title={problem.title} errors={[{ id: FILE_ID, message: problem.message }]} /> : null}
        <TextField meta={fields.imageName} label="Image Name" required maxLength={IMAGE_NAME_MAX} autoComplete="off" />
        <div className={`field${problem ? " field--invalid" : ""}`}>
          <label htmlFor={FILE_ID} className="label--required">
            Image (PNG, JPG or GIF, at most {UPLOAD_LIMIT_TEXT})
          </label>
          <input
            id={FILE_ID}
            type="file"
            name={IMAGE_FIELDS.file}
            accept={IMAGE_UPLOAD_POLICY.accept}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${FILE_ID}-error` : undefined}
          />
          {problem ? (
            <p className="field__error" id={`${FILE_ID}-error`}>
              {problem.message}
            </p>
          ) : null}
        </div>
        {mounted ? null : <p className="muted">Save your changes to the template first: uploading reloads the page.</p>}
        <button type="submit" className="btn btn--primary">
          Upload
        </button>
      </Form>
    </>
  );
}
