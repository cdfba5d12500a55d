import { data } from "@remix-run/node";
import {
  POOL_FORM_FIELDS,
  type PoolFormErrors,
  type PoolFormValues,
} from "~/components/admin/donations/new-pool-form";
import { HttpError } from "~/http/http.server";
import { type FormReply, formResult } from "~/lib/form-reply";
import type { ToastMessage } from "~/lib/toast";
import { checkPoolMedia, readPoolUpload, savePoolMedia } from "~/models/pool-create.server";
import type { User } from "~/models/users.server";
import { type MediaSlot, PoolSchema } from "~/schemas/pool";
import { requireAdmin } from "~/web/auth.server";

const MEDIA_SLOTS = ["photo_1", "photo_2", "photo_3", "video"] as const;

/**
 * The pool form's post, for creating (/admin/donations/new) and editing a pool: the upload read
 * as it streams (never request.formData(), which would hold a 100 MB video in memory), files
 * stored as they arrive and carried on as hidden ids (a correction never asks for them again),
 * "remove a photo" answered with the form, and field errors with status 400 and every value.
 * `save` runs once the fields pass; a refusal it throws comes back on the form.
 */
export async function handlePoolForm(
  request: Request,
  intent: "create" | "save",
  save: (
    admin: User,
    values: PoolFormValues,
    media: Partial<Record<MediaSlot, string>>,
  ) => Promise<Response>,
  failedTitle: string,
) {
  const admin = await requireAdmin(request);
  const upload = await readPoolUpload(request);
  const values = Object.fromEntries(
    POOL_FORM_FIELDS.map((f) => [f, upload.fields[f] ?? ""]),
  ) as PoolFormValues;
  const errors: PoolFormErrors = {};
  for (const [slot, message] of Object.entries(upload.fileErrors)) {
    errors[slot as keyof PoolFormErrors] = [message];
  }
  // Files that pass are kept even when the rest of the form is refused: they travel back as ids.
  const checked = await checkPoolMedia(upload.files);
  const ids = await savePoolMedia(checked.prepared, admin);
  for (const [slot, id] of Object.entries(ids)) values[`${slot}_id` as "video_id"] = id;
  for (const [slot, failure] of Object.entries(checked.errors)) {
    errors[slot as keyof PoolFormErrors] = [failure.message];
  }
  const reply = (status: number, toast: ToastMessage | null = null) =>
    data<FormReply>(
      { result: formResult(values, errors as Record<string, string[]>), toast },
      { status },
    );

  const posted = upload.fields.intent ?? intent;
  const removed = MEDIA_SLOTS.find((slot) => posted === `remove-${slot}`);
  if (removed) {
    values[`${removed}_id`] = "";
    return reply(Object.keys(errors).length ? 400 : 200);
  }

  const parsed = PoolSchema.safeParse(values);
  if (!parsed.success) Object.assign(errors, parsed.error.flatten().fieldErrors);
  if (Object.keys(errors).length) return reply(400);

  try {
    return await save(admin, values, {
      photo_1: values.photo_1_id,
      photo_2: values.photo_2_id,
      photo_3: values.photo_3_id,
      video: values.video_id,
    });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    for (const [slot, messages] of Object.entries(error.fieldErrors ?? {})) {
      errors[slot as keyof PoolFormErrors] = messages;
      // A stored file that has gone (deleted meanwhile) must be chosen again.
      if (`${slot}_id` in values) values[`${slot}_id` as "video_id"] = "";
    }
    return reply(error.status, { type: "error", title: failedTitle, description: error.message });
  }
}
