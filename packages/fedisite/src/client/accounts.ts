import type { AccountRef } from "../inputs/links.ts";
import type { FediClient } from "./client.ts";

/**
 * The account a link names, as the instance answers it: `GET /api/v1/accounts/lookup?acct=<acct>` for a handle (the
 * instance resolves `user` locally and `user@domain` among the accounts it knows), `GET /api/v1/accounts/<id>` for an
 * id link.
 * @returns the raw Account entity.
 * @throws ServiceError 404 `profile_not_found`, and the client's errors.
 */
export async function fetchAccount(client: FediClient, ref: AccountRef): Promise<unknown> {
  const response = ref.acct
    ? await client.get("/api/v1/accounts/lookup", { acct: ref.acct }, "profile_not_found")
    : await client.get(`/api/v1/accounts/${encodeURIComponent(ref.id ?? "")}`, {}, "profile_not_found");
  return response.json();
}
