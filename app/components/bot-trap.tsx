import { useTranslation } from "react-i18next";
import { BOT_TRAP_FIELDS } from "~/constants";

/**
 * The hidden parts of a public form's bot check (app/http/bot-trap.server.ts): a field kept out
 * of sight and out of the tab order, and the signed time the form was served.
 */
export function BotTrap({ token }: { token: string }) {
  const { t } = useTranslation();
  return (
    <>
      <div
        aria-hidden="true"
        className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden"
      >
        <label>
          {t("botTrap.label")}
          <input
            type="text"
            name={BOT_TRAP_FIELDS.honeypot}
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </label>
      </div>
      <input type="hidden" name={BOT_TRAP_FIELDS.started} value={token} />
    </>
  );
}
