/**
 * A PDF file from its objects' bodies, numbered 1, 2, … in order (object 1 is the catalog), with
 * a correct cross-reference table: what every generated PDF in the tests and benches shares.
 */
export function pdfFile(objects: string[]): Buffer {
  const chunks: string[] = ['%PDF-1.4\n'];
  const offsets: number[] = [];
  let length = chunks[0]!.length;
  for (const body of objects) {
    offsets.push(length);
    const object = `${offsets.length} 0 obj\n${body}\nendobj\n`;
    chunks.push(object);
    length += object.length;
  }
  const table = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  chunks.push(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${table}`);
  chunks.push(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`);
  return Buffer.from(chunks.join(''), 'latin1');
}
