import type { OperationContext } from "@sda/contract";

/** What the innertube fetchers need from an operation context: the upstream client and the job's abort signal. */
export type UpstreamContext = Pick<OperationContext, "http" | "signal">;
