import type { Ledger } from "@sda/ledger";

/**
 * `npm run cli -- reconcile`: checks `sum(ledger amounts) = balance` for every account.
 * @returns the report, and exit code 1 when an account does not reconcile (each mismatch listed).
 */
export async function reconcile(ledger: Ledger) {
  const report = await ledger.reconcile();
  const lines = report.mismatches.map(
    (m) =>
      `  ${m.accountId}  balance ${m.balance}  ledger sum ${m.ledgerSum}  difference ${m.balance - m.ledgerSum}`,
  );
  const text = report.mismatches.length
    ? [`${report.mismatches.length} of ${report.accounts} accounts do not reconcile:`, ...lines].join("\n")
    : `all ${report.accounts} accounts reconcile (ledger sum = balance)`;
  return { text, json: report, exitCode: report.mismatches.length ? 1 : 0 };
}
