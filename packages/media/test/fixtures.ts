import { definePlatform } from "@sda/contract";
import { platformTest } from "@sda/testing/fixtures";

/**
 * Where media's tests download the synthetic audio from: the video platform's media hosts, routed to the replay of
 * the video platform's recordings (`audio-SynthAudio1`). Declared here, not imported: media sits below every platform
 * package and knows none of them.
 */
export const mediaHosts = definePlatform({ name: "videosite", hosts: ["*.googlevideo.com"], operations: [] });

/** `platformTest` of {@link mediaHosts}: the replay of the video platform's recordings and a handler context on it. */
export const test = platformTest(mediaHosts);
