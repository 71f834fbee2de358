// Declarations for dependencies that ship no types of their own.
declare module 'pino-roll' {
  import type { DestinationStream } from 'pino';
  interface PinoRollOptions {
    file: string | (() => string);
    size?: string | number;
    frequency?: 'daily' | 'hourly' | number;
    extension?: string;
    symlink?: boolean;
    limit?: { count?: number; removeOtherLogFiles?: boolean };
    dateFormat?: string;
    mkdir?: boolean;
  }
  export default function pinoRoll(options: PinoRollOptions): Promise<DestinationStream>;
}

// exceljs's reader of <workbookPr> (src/import/xlsx-workbook.ts mends its date1904 parsing)
declare module 'exceljs/lib/xlsx/xform/book/workbook-properties-xform.js' {
  const WorkbookPropertiesXform: {
    prototype: { parseOpen(node: { name: string; attributes: Record<string, string> }): boolean };
  };
  export default WorkbookPropertiesXform;
}

// the zip reader exceljs reads workbooks with (src/import/xlsx-workbook.ts takes the parts itself)
declare module 'unzipper' {
  interface DirectoryEntry {
    path: string;
    uncompressedSize: number;
    type: 'File' | 'Directory';
    stream(): NodeJS.ReadableStream;
  }
  const unzipper: {
    Parse(options: { forceStream: true }): NodeJS.WritableStream & AsyncIterable<unknown>;
    Open: { file(file: string): Promise<{ files: DirectoryEntry[] }> };
  };
  export default unzipper;
}
