import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { ShieldIcon } from "~/components/page-icons";
import { ReceiptCheckForm } from "~/components/receipts/receipt-check-form";
import { getT } from "~/i18next.server";
import { metaFrom, pageMeta } from "~/lib/meta";
import { parseReceiptNumber } from "~/lib/receipt-number";
import { receiptPath } from "~/lib/receipt-view";

/**
 * Checking a receipt (issue 20 item 3): type the number printed on it. The GET form lands here
 * with `?number=` and is sent on to /receipts/{number}, written as it is stored when it can be a
 * number at all.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const typed = (new URL(request.url).searchParams.get("number") ?? "").trim().slice(0, 40);
  if (typed) throw redirect(receiptPath(parseReceiptNumber(typed) ?? encodeURIComponent(typed)));
  const t = await getT(request, ["common", "receipts"]);
  return { meta: pageMeta(t, "receipts:check.metaTitle", "receipts:check.metaDescription") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFrom(data);

export const handle = { i18n: ["common", "receipts"], sharedCache: true };

export default function CheckReceipt() {
  const { t } = useTranslation("receipts");
  return (
    <div className="container max-w-xl py-10 sm:py-16">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <ShieldIcon width={24} height={24} />
      </span>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{t("check.title")}</h1>
      <p className="mt-2 leading-relaxed text-muted-foreground">{t("check.text")}</p>
      <div className="card mt-6 p-5 sm:p-6">
        <ReceiptCheckForm />
      </div>
    </div>
  );
}
