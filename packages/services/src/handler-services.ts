import type { CatalogServices } from "@sda/catalog";
import type { HandlerServiceInputs } from "@sda/core";
import { createMediaServices } from "@sda/media";
import { createStrategyServices } from "@sda/strategy";
import { summariserFromConfig } from "@sda/summarize";

/**
 * Builds every handler service of a process, eagerly and once: the speech-to-text pipeline (`media`), the summariser
 * (`summariser`: the configured LLM, else the extractive one) and the strategy chains' identities and health
 * (`strategy`). The worker and the canary runner hand the result to their contexts (`ContextDeps.services`,
 * `CanaryDeps.services`), which give it to every handler as `ctx.services`.
 *
 * Checked against the catalog at compile time (`satisfies CatalogServices`): a service some handler names
 * (`HandlerFor<spec, Env, Services>`) that is not built here, or not of the type the handler reads, does not
 * compile, and neither does one built here that no handler names.
 *
 * Its own entry (`@sda/services/handler-services`), not part of `createServices`: the gateway shares that
 * wiring but runs no handler, and importing the three packages there would bundle their code into it.
 * @throws EnvError when a feature's variables (its env slice) are invalid.
 */
export function createHandlerServices(inputs: HandlerServiceInputs) {
  return {
    media: createMediaServices(inputs),
    summariser: summariserFromConfig(inputs.config),
    strategy: createStrategyServices(inputs),
  } satisfies CatalogServices;
}
