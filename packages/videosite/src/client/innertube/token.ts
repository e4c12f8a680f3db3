import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";

/**
 * Protobuf tokens the official clients build themselves (comments first page, playlist items first page, search
 * filters). Built with a protobuf wire writer and serialised the way the clients send them: URL-safe base64 with its
 * `=` padding percent-encoded (`%3D`), which is also how the platform hands such tokens back.
 */

/** A protobuf message under construction. */
export type ProtoWriter = BinaryWriter;

/** Starts a message. */
export function protoMessage(): ProtoWriter {
  return new BinaryWriter();
}

/** Writes a string field. */
export function writeString(writer: ProtoWriter, field: number, value: string): ProtoWriter {
  return writer.tag(field, WireType.LengthDelimited).string(value);
}

/** Writes a varint field. */
export function writeVarint(writer: ProtoWriter, field: number, value: number): ProtoWriter {
  return writer.tag(field, WireType.Varint).uint32(value);
}

/** Writes a nested message field; `build` writes the nested fields. */
export function writeMessage(
  writer: ProtoWriter,
  field: number,
  build: (nested: ProtoWriter) => void,
): ProtoWriter {
  writer.tag(field, WireType.LengthDelimited).fork();
  build(writer);
  return writer.join();
}

/** URL-safe base64 of the bytes with `=` padding kept and percent-encoded (`…%3D%3D`). */
export function encodeToken(bytes: Uint8Array): string {
  return Buffer.from(bytes)
    .toString("base64url")
    .padEnd(Math.ceil(bytes.length / 3) * 4, "=")
    .replaceAll("=", "%3D");
}
