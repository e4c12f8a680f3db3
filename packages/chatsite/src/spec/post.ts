import { cacheParam, defineOperationSpec, fixed } from "@sda/contract";
import { z } from "zod";
import { postParam } from "../inputs/params.ts";
import { chatPostDetails } from "./shapes.ts";

/** Query parameters of `GET /v1/chatsite/post`. */
export const postParams = z.object({ url: postParam, cache: cacheParam });

/** `chatsite.post`: one post of a public channel or group, with its chat. */
export const postOutput = chatPostDetails;

/** `GET /v1/chatsite/post`: 1 credit. */
export const postSpec = defineOperationSpec({
  name: "post",
  summary:
    "One post of a Telegram public channel or group (`url`: t.me/<name>/<id>), from its embed widget: text, media, views, reactions, author, and the chat.",
  params: postParams,
  output: postOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});
