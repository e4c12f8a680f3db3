import type { HandlerFor } from "@sda/contract";
import { TmeClient } from "../client/client.ts";
import { fail } from "../errors.ts";
import type { postSpec } from "../spec/post.ts";

/**
 * One post of a public channel or group, from its embed widget, with its chat: a group's message names its member
 * (`author`) and the group; a channel's post names the channel and carries views.
 *
 * Upstream: `GET t.me/<name>/<id>?embed=1`.
 * @returns `{ data: post & { chat }, source: "tme:widget" }`.
 * @throws ServiceError 404 `post_not_found` ("Post not found": deleted, or an id past the end), 502 `upstream_*`.
 */
export const postHandler: HandlerFor<typeof postSpec> = async (params, ctx) => {
  const { name, id } = params.url;
  const read = await new TmeClient(ctx).widget(name, id);
  if (read.kind === "not_found")
    throw fail("post_not_found", `t.me/${name}/${id}: ${read.error}`, {
      details: { username: name, id: String(id) },
    });
  const { post, chatName, byMember } = read.message;
  // A message the chat itself wrote (a group's service message) names the chat as its author.
  const authorIsChat = post.authorUsername?.toLowerCase() === post.channel.toLowerCase();
  return {
    data: {
      ...post,
      chat: {
        username: post.channel,
        displayName: chatName ?? (authorIsChat ? post.author : null),
        type: byMember ? "group" : "channel",
      },
    },
    source: "tme:widget",
  };
};
