// Every text of the email templates screens (spec part 3 §2 'Email templates
// (/corr)', §5 'Template', 'Template image', §8 'Templates'). Spec texts are
// requirements; where the spec gives only a title the message is ours
// (docs/decisions/0025-email-templates.md).

import { UPLOAD_LIMIT_TEXT } from "~/lib/upload-policy";

export type DialogText = { title: string; message: string };

export const TEMPLATE_MESSAGES = {
  /** §5 */
  nameRequired: "Missing Template Name",
  descriptionRequired: "Missing Description",
  tooLong: (label: string, max: number) => `${label} can be at most ${max} characters`,
  bodyTooLarge: "The template text is too large (at most 100 KB)",
  /** §5 'Template image' */
  imageNameRequired: "Image Name Required",
} as const;

/** §2: the list when the user has no template. */
export const EMPTY_TEMPLATES = "* No templates were found. Please click the Add button to create one.";

/** §2: the only type a user template can have. */
export const TEMPLATE_TYPE_LABEL = "Recruitment Invitation Email";

/** §8: a template was saved. */
export const DONE: DialogText = { title: "Done!", message: "Your template was saved." };

/** §8: a template (or one of its images) was deleted. */
export const DELETED: DialogText = { title: "Deleted", message: "The template was deleted." };
export const IMAGE_DELETED: DialogText = { title: "Deleted", message: "The image was deleted. Remove it from the template text if it is still there." };

/** §8: an image was uploaded. */
export const UPLOADED: DialogText = { title: "Success", message: "Your image was uploaded. Insert it into the template text with Insert image." };

/** §4: delete asks first. */
export const CONFIRM_DELETE: DialogText = {
  title: "Deleting is Not Reversible!",
  message: "The template and its images will be deleted for good. Invitations you already sent keep their text, but their images will no longer show.",
};

/** §8: an image could not be deleted (gone already, or its file could not be removed). */
export const IMAGE_DELETION_FAILED: DialogText = {
  title: "Image Deletion Failed",
  message: "The image could not be deleted. It may have been deleted already; reload the page and try again.",
};

/** §8: failure to retrieve, save or delete. */
export const SYSTEM_ERROR: DialogText = {
  title: "System Error",
  message: "Something went wrong on our end and nothing was changed. Please try again later or contact support if the problem persists.",
};

/** §4: images can only be added after the first save. */
export const IMAGES_AFTER_SAVE = "Images can be added after the template has been saved once.";

/** §5 'Template image': the answers to an upload. */
export const IMAGE_UPLOAD_ANSWERS = {
  SUCCESS: UPLOADED,
  NO_FILE: { title: "Upload What?", message: "Choose one PNG, JPG or GIF image to upload." },
  TOO_MANY: { title: "Too Many Images at Once", message: "Upload one image at a time." },
  INVALID: { title: "Invalid File", message: `Only PNG, JPG or GIF images of at most ${UPLOAD_LIMIT_TEXT} can be uploaded.` },
  NO_NAME: { title: TEMPLATE_MESSAGES.imageNameRequired, message: "Give the image a name: it is the image's text for readers who do not see images." },
  MALFORMED: { title: "Upload Not Readable", message: "The upload arrived damaged or incomplete. Nothing was saved. Choose the image again and upload it." },
  ERROR: SYSTEM_ERROR,
} as const satisfies Record<string, DialogText>;

export type ImageUploadResult = keyof typeof IMAGE_UPLOAD_ANSWERS;

export function isImageUploadResult(v: unknown): v is ImageUploadResult {
  return typeof v === "string" && Object.prototype.hasOwnProperty.call(IMAGE_UPLOAD_ANSWERS, v);
}

export const HELP_TEXT = {
  title: "Help with templates",
  items: [
    "Write the invitation as you want prospects to read it. Bold, italic, underline, strike and lists are kept in the email.",
    "Merge fields such as [[ProspectFirstName]] are replaced with the prospect's, your own or your agency's details when the invitation is sent. Keep [[AppointmentLink]]: it is the link the prospect follows to apply.",
    `Images can be added after the template has been saved once: upload them under Template Images (PNG, JPG or GIF, at most ${UPLOAD_LIMIT_TEXT}, one at a time), then insert them small (80 px), medium (300 px) or large (original size, never wider than the email).`,
    "Images are sent as links to this portal: anyone with the email can see them. Do not upload images with personal information.",
    "Only active templates can be chosen when you send an invitation.",
  ],
} as const;
