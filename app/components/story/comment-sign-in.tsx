import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** In place of the form for anonymous readers: signing in comes back to this story. */
export function CommentSignIn({ loginHref }: { loginHref: string }) {
  const { t } = useTranslation("story");
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl border border-border bg-secondary/50 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-semibold">{t("comments.signInTitle")}</p>
        <p className="mt-0.5 text-sm text-muted-foreground">{t("comments.signInText")}</p>
      </div>
      <Link to={loginHref} className="btn-primary shrink-0" data-testid="comment-sign-in">
        {t("comments.signIn")}
      </Link>
    </div>
  );
}
