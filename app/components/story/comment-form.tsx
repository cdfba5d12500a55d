import {
  getFormProps,
  getTextareaProps,
  parse,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { BotTrap } from "~/components/bot-trap";
import { ErrorList, StatusButton } from "~/components/forms";
import { COMMENT_MAX, resolveComment } from "~/lib/comment-rules";
import { UserAvatar } from "./user-avatar";

/**
 * The comment form of a signed-in reader. The same rules check it in the browser and on the
 * server (the browser's without zod: app/lib/comment-rules.ts); after a refusal the text is
 * still there; after a success the form is emptied.
 */
export function CommentForm({
  username,
  avatar,
  botTrap,
  lastResult,
}: {
  username: string;
  /** The reader's avatar emoji (written into members' copies like their name, decision 039). */
  avatar: string;
  /** The signed time the form was served (the bot check). */
  botTrap: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("story");
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useForm({
    id: "comment-form",
    lastResult,
    onValidate: ({ formData }) => parse(formData, { resolve: resolveComment }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const pending = navigation.formData?.get("intent") === "comment";

  // A successful post redirects back here (no action data); a refused one returns its result.
  const wasPending = useRef(false);
  useEffect(() => {
    if (pending) wasPending.current = true;
    else if (navigation.state === "idle" && wasPending.current) {
      wasPending.current = false;
      if (!lastResult) formRef.current?.reset();
    }
  }, [pending, navigation.state, lastResult]);

  const errorId = fields.content.errors?.length ? fields.content.errorId : undefined;
  const formErrorId = form.errors?.length ? form.errorId : undefined;
  return (
    <Form
      method="post"
      preventScrollReset
      ref={formRef}
      {...getFormProps(form)}
      noValidate
      className="rounded-2xl border border-border bg-card p-4 sm:p-5"
    >
      <input type="hidden" name="intent" value="comment" />
      <BotTrap token={botTrap} />
      <div className="mb-3 flex items-center gap-2">
        <UserAvatar name={username} emoji={avatar} size="sm" />
        <span className="text-sm text-muted-foreground">{t("comments.as", { username })}</span>
      </div>
      <label htmlFor={fields.content.id} className="label">
        {t("comments.label")}
      </label>
      <textarea
        {...getTextareaProps(fields.content)}
        key={fields.content.key}
        required={undefined}
        aria-required
        aria-describedby={[errorId, formErrorId].filter(Boolean).join(" ") || undefined}
        rows={4}
        maxLength={COMMENT_MAX}
        placeholder={t("comments.placeholder")}
        className="input min-h-[6rem] resize-y leading-relaxed"
      />
      <ErrorList id={fields.content.errorId} errors={fields.content.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="mt-3 flex justify-end">
        <StatusButton pending={pending}>{t("comments.submit")}</StatusButton>
      </div>
    </Form>
  );
}
