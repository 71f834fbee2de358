/** RESPONDER.md, written into the bridge's exchange dir: the response format in 20 lines. */
export const RESPONDER_GUIDE = `# Answering as the model (airgap-agent llm bridge)

1. A request appears as requests/NNNN.json (pretty JSON). Read "new_messages" first (what happened since your
   last turn: the question, or tool results: role "tool", or a user message "Result of TOOL:" after a raw call);
   "messages" holds the whole conversation, "tools" the tools.
2. Answer it by writing responses/NNNN.json (same NNNN), one JSON object. Write it whole (write to a temp name and
   rename, or write it in one go); requests/NNNN.expired or .cancelled means nobody waits for it any more.
3. To call tools (the agent runs them and sends you the results in the next request):
   {"tool_calls": [{"function": {"name": "query", "arguments": "{\\"sql\\": \\"SELECT 1\\"}"}}]}
   "arguments" is a JSON *string* (an object is accepted too); "id" is optional; several calls are allowed.
4. To answer the user (final reply, in the user's language, plain words, the figures with their units):
   {"content": "Line B's defect rate in H1 2026 was 1.84 % (312 of 16,950 units)."}
   content and tool_calls may go together (a sentence, then the calls).
5. To act as a weaker model, send raw text through the agent's lenient tool-call parser:
   {"raw": "<tool_call>{\\"name\\": \\"query\\", \\"arguments\\": {\\"sql\\": \\"...\\"}}</tool_call>"}
6. Optional: "finish_reason": "length" (a reply cut off), "usage": {"prompt_tokens": N, "completion_tokens": N},
   "note": "why I did this" (kept in the record, never sent to the agent).
A malformed file is refused and the agent sees an endpoint error; no answer within the bridge's --timeout likewise.
`;
