/**
 * The text of an uncompressed PDF made by pdfkit with its standard fonts: every TJ array's hex
 * strings decoded (WinAnsi bytes), one text operation per line. Enough to check what an invoice says.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  for (const [, array] of source.matchAll(/\[((?:<[0-9a-fA-F]*>|[\s\d.-])*)\]\s*TJ/g)) {
    const hex = [...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, digits]) => digits).join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines.join('\n');
}
