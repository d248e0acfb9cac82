// Server-sent events read as the standard's event stream format says (HTML, "Interpreting an event stream"): a line
// per field, `field: value`; a line opening with ":" is a comment; an empty line dispatches the event. Lines end in
// \n or \r\n (what servers send; a lone \r is not supported). fetch() reads the stream, not EventSource, because
// EventSource cannot send the Authorization header and tokens stay out of URLs.

export class SseParser {
  /** onEvent({type, data, id}) for each complete event; `id` is the last id the stream set, as Last-Event-ID. */
  constructor(onEvent) {
    this.onEvent = onEvent;
    this.buffer = "";
    this.lastId = "";
    this.type = "";
    this.data = [];
  }

  /** A piece of the stream as it arrived (it may end in the middle of a line). */
  push(text) {
    const lines = (this.buffer + text).split("\n");
    this.buffer = lines.pop();
    for (const line of lines) this.line(line.endsWith("\r") ? line.slice(0, -1) : line);
  }

  line(line) {
    if (line === "") {
      if (this.data.length) this.onEvent({ type: this.type || "message", data: this.data.join("\n"), id: this.lastId });
      this.type = "";
      this.data = [];
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.type = value;
    else if (field === "data") this.data.push(value);
    else if (field === "id" && !value.includes("\0")) this.lastId = value;
  }
}

/** Reads a fetch() response's body to its end, handing each event to onEvent. */
export async function readEvents(response, onEvent) {
  const parser = new SseParser(onEvent);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    parser.push(value);
  }
}
