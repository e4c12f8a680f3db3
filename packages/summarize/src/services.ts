import { defineHandlerService } from "@sda/core";
import { summariserFromConfig } from "./providers.ts";
import type { Summariser } from "./summary.ts";

declare module "@sda/core" {
  interface HandlerServices {
    /** The process's summariser (`@sda/summarize`: the configured LLM, else the extractive one). */
    summariser: Summariser;
  }
}

defineHandlerService("summariser", ({ config }) => summariserFromConfig(config));
