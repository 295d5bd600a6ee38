import { readFileSync } from 'node:fs';
for (const file of process.argv.slice(2)) {
  const p = JSON.parse(readFileSync(file, 'utf8'));
  const dt = new Map<number, number>();
  const ids: number[] = p.samples; const deltas: number[] = p.timeDeltas;
  for (let i = 0; i < ids.length; i++) dt.set(ids[i]!, (dt.get(ids[i]!) ?? 0) + (deltas[i] ?? 0));
  const byName = new Map<string, number>();
  let total = 0;
  for (const n of p.nodes) {
    const t = dt.get(n.id) ?? 0; total += t;
    const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`;
    byName.set(key, (byName.get(key) ?? 0) + t);
  }
  console.log(file, 'total ms', (total / 1000).toFixed(0));
  const rows = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 45);
  for (const [k, v] of rows) console.log(((v / total) * 100).toFixed(2).padStart(6), '%', k);
  const want = /click-id|click-ids|withClickId|placeClickId|newClickId|randomUUID|indexOf|visit-batch/;
  console.log('--- click-id related');
  for (const [k, v] of [...byName].filter(([k]) => want.test(k)).sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(((v / total) * 100).toFixed(2).padStart(6), '%', k);
}
