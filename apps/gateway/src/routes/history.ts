import { history as catalog } from "@sda/catalog";
import { historyQueryParams, historyResource, readHistory } from "@sda/history";
import { defineRoute, type ServiceRoute } from "./define-route.ts";

/** The History group: `GET /v1/history`, the series of one resource (free; key-authenticated). */
export const historyRoutes: readonly ServiceRoute[] = [
  defineRoute({
    method: "get",
    path: "/v1/history",
    operationId: "getHistory",
    operation: "history.get",
    output: historyResource,
    tag: "History",
    summary: "Stored metric time series of a video, channel, playlist, subreddit, post or profile. Free.",
    description:
      "Every successful details call (and monitor run) records the resource's metrics, at most one value per metric " +
      "and minute. `raw` answers every recorded minute; `hour`/`day` the last value of each UTC bucket, at the " +
      "bucket's start. Buckets without values are absent (no interpolation). A resource never recorded answers 200 " +
      "with empty series.",
    query: historyQueryParams,
    responses: {
      "200":
        "`{ resource: {platform, kind, id, url}, interval, from, to, series: [{ metric, points: [{ at, value }] }] }`",
      "400": "unknown_metric (with `allowed`), ambiguous_url, invalid_parameter, parameter_out_of_range",
      "401": "missing or invalid API key",
      "422": "unsupported_url: not a URL of a resource with history",
    },
    handler: (deps) => async (call) => ({
      data: await readHistory(call.query(), { store: deps.history, catalog, now: new Date() }),
      source: "history",
    }),
  }),
];
