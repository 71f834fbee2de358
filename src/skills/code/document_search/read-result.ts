/** What the docs server's `read_document` returns (structured content), as document_search reads it. */
export interface ReadResult {
  path: string;
  encoding: string;
  total_chars: number;
  offset: number;
  returned_chars: number;
  truncated: boolean;
  next_offset: number | null;
  content: string;
}
