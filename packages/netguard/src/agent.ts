import { isIP } from "node:net";
import { Agent, buildConnector } from "undici";
import {
  ForbiddenAddressError,
  guardedLookup,
  isAllowedHost,
  type NetGuardOptions,
  normalizeHost,
} from "./guard.ts";
import { forbiddenAddressReason } from "./special-ranges.ts";

/**
 * An undici dispatcher whose every connection is guarded: names resolve through {@link guardedLookup}, IP literals
 * (which Node never passes to `lookup`) are judged here, and a forbidden address fails the connection with
 * {@link ForbiddenAddressError} (as the `cause` of undici's error) before a byte is sent. The check sits in the
 * connector, under any redirect handling: with undici's redirect interceptor
 * (`agent.compose(interceptors.redirect({ maxRedirections }))`) every hop opens its own guarded connection, so a
 * `302 Location: http://10.0.0.1/` is refused like a first request would be. Without it, undici follows no redirects.
 * @param options the guard's allowlist and lookup, plus undici `Agent` options (connections, keep-alive, …).
 * @param connectTimeoutMs the connect budget, in ms (undici's default when unset).
 */
export function createGuardedAgent(
  options: NetGuardOptions & { connectTimeoutMs?: number } & Omit<Agent.Options, "connect">,
): Agent {
  const { allowedHosts, lookup, connectTimeoutMs, ...agentOptions } = options;
  const guard: NetGuardOptions = { allowedHosts, ...(lookup ? { lookup } : {}) };
  const connector = buildConnector({
    lookup: guardedLookup(guard),
    ...(connectTimeoutMs === undefined ? {} : { timeout: connectTimeoutMs }),
  });
  return new Agent({
    ...agentOptions,
    connect(connectOptions, callback) {
      const host = normalizeHost(connectOptions.hostname);
      if (isIP(host) !== 0 && !isAllowedHost(guard, host)) {
        const reason = forbiddenAddressReason(host);
        if (reason) {
          callback(new ForbiddenAddressError(reason), null);
          return;
        }
      }
      connector(connectOptions, callback);
    },
  });
}
