/** One message as plain text; several, one per line. */
export function Messages({ messages }: { messages: readonly string[] }) {
  if (messages.length === 1) return messages[0];
  return messages.map((message) => <div key={message}>{message}</div>);
}
