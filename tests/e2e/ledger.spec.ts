import { ADMIN, expect, isJs, signIn, test, uniqueName } from "./fixtures";
import { statementCsv } from "./statements";

/**
 * A campaign's public ledger (issue 20), with and without JavaScript: a pledge paid by a transfer
 * found on the bank statement and one verified by hand appear with how each was confirmed; the
 * ledger's verified sum is the total the campaign page shows; the CSV has the same lines.
 */
test("a gift matched to the bank statement and one confirmed by hand, in the ledger and its CSV", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN.username, ADMIN.password);
  const api = page.request;
  const name = uniqueName("Ledger", info.project.name);
  const created = await api.post("/api/donation-pools", {
    data: {
      name,
      description: "Орлого, зарлагын туршилт.",
      goal_amount: 1_000_000,
      bank_name: "Khan Bank",
      bank_account: "5039184726",
      account_name: "Туршилтын сан",
    },
  });
  expect(created.status()).toBe(201);
  const poolId = (await created.json()).id as number;
  // Amounts of their own, so no other test's pledge fits them.
  const base = (isJs(info) ? 61_000 : 73_000) + Math.floor(Math.random() * 90) * 100;
  const pledges: { id: number; payment_code: string; amount: number }[] = [];
  for (const [i, donor] of ["Сарангэрэл", "Өлзийбат"].entries()) {
    const res = await api.post(`/api/donation-pools/${poolId}/donations`, {
      data: {
        donor_name: donor,
        phone_number: `9911${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`,
        amount: base + i * 100,
        transaction_reference: `LEDGER-${info.project.name}-${i}`,
      },
    });
    expect(res.status()).toBe(201);
    pledges.push(await res.json());
  }

  // The first is paid by a transfer on the statement; the second is verified by hand.
  const uploaded = await api.post("/api/reconciliation", {
    multipart: {
      statement: {
        name: `ledger-${info.project.name}.csv`,
        mimeType: "text/csv",
        buffer: statementCsv([
          { amount: pledges[0]!.amount, text: `${pledges[0]!.payment_code} хандив` },
        ]),
      },
    },
  });
  expect(uploaded.status()).toBe(201);
  const view = await (await api.get("/api/reconciliation")).json();
  const match = view.exact.find(
    (m: { candidates: { id: number }[] }) => m.candidates[0]?.id === pledges[0]!.id,
  );
  expect(match).toBeTruthy();
  const confirmed = await api.post("/api/reconciliation/confirm", {
    data: { assignments: [`${match.line.id}:pool:${pledges[0]!.id}`] },
  });
  expect((await confirmed.json()).confirmed).toHaveLength(1);
  const verified = await api.patch(
    `/api/donation-pools/${poolId}/donations/${pledges[1]!.id}/verify`,
  );
  expect(verified.status()).toBe(200);

  // What any visitor sees, in a browser of their own.
  const visitor = await browser.newPage({
    baseURL: info.project.use.baseURL,
    javaScriptEnabled: isJs(info),
  });
  await visitor.goto(`/donation-pools/${poolId}`);
  const raised = await visitor.getByTestId("pool-raised").textContent();
  await visitor.getByTestId("ledger-link").click();
  await expect(visitor).toHaveURL(new RegExp(`/donation-pools/${poolId}/ledger$`));
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Хандив, зарцуулалт");
  await expect(visitor.getByTestId("ledger-verified")).toContainText(raised!);
  await expect(visitor.getByTestId("ledger-equal")).toHaveAttribute("data-equal", "true");
  await expect(visitor.getByTestId("ledger-equal")).toContainText(raised!);

  // The money over time (issue 42, decision 060): in the server's HTML, named with the verified
  // sum, and its numbers one click away as a table (a native <details>: no JavaScript needed).
  const chart = visitor.getByTestId("pool-chart");
  const verifiedSum = raised!.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await expect(chart.getByRole("img")).toHaveAttribute(
    "aria-label",
    new RegExp(`^Цугларсан хандив, өдрөөр\\. Баталгаажсан: ${verifiedSum}, зорилго: `),
  );
  await chart.getByText("Хүснэгтээр харах").click();
  await expect(chart.getByRole("table")).toBeVisible();
  await expect(chart.getByRole("columnheader", { name: "Баталгаажсан" })).toBeVisible();

  const lines = visitor.getByTestId("ledger-line");
  await expect(lines).toHaveCount(2);
  const byStatement = lines.filter({ hasText: "Сарангэрэл" });
  await expect(byStatement.getByTestId("ledger-how")).toContainText(
    "Банкны хуулгатай тулгасан, хуулгын огноо:",
  );
  await expect(lines.filter({ hasText: "Өлзийбат" }).getByTestId("ledger-how")).toHaveText(
    "Админ баталгаажуулсан",
  );
  // No phone numbers, references or payment codes on the page.
  const html = await visitor.content();
  for (const p of pledges) expect(html).not.toContain(p.payment_code);
  expect(html).not.toContain("LEDGER-");

  const csv = await visitor.request.get(
    await visitor
      .getByTestId("ledger-csv")
      .getAttribute("href")
      .then((h) => h!),
  );
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const text = (await csv.body()).toString("utf-8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain("Сарангэрэл");
  expect(text).toContain("Өлзийбат");

  // In English.
  await visitor.goto(`/donation-pools/${poolId}/ledger?lng=en`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Gifts and spending");
  await expect(lines.filter({ hasText: "Сарангэрэл" }).getByTestId("ledger-how")).toContainText(
    "Matched to the bank statement of",
  );
  await visitor.close();
});
