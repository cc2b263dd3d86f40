import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

function hasBinary(name: string): boolean {
  try {
    execFileSync(name, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Whether poppler's pdftotext and pdfinfo are installed (they are in CI; tests that need them skip otherwise). */
export const popplerPresent = hasBinary('pdftotext') && hasBinary('pdfinfo');

/** A temporary folder for rendered PDFs; `remove` when the test file is done. */
export function pdfWorkspace(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return {
    /** Writes the PDF and reads back its page count and text (text null without poppler). */
    inspect(name: string, pdf: Buffer) {
      const file = path.join(dir, `${name}.pdf`);
      writeFileSync(file, pdf);
      const pages = popplerPresent
        ? Number(execFileSync('pdfinfo', [file], { encoding: 'utf8' }).match(/^Pages:\s+(\d+)/m)?.[1])
        : (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0);
      const text = popplerPresent
        ? execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')
        : null;
      return { file, pages, text };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
