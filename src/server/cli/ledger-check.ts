import { loadConfig } from '../config.ts';
import { checkLedger } from '../modules/ledger/check.ts';
import { openCliDatabase } from './database.ts';

// npm run ledger:check: the ledger balances and matches the sales, refunds, paid invoices and payouts
// (docs/decisions/035-connect-and-ledger.md); exit code 1 with each problem when it does not.
const { database, close } = await openCliDatabase(loadConfig());
try {
  const problems = await checkLedger(database.db);
  if (problems.length) {
    console.error(`The ledger has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('The ledger balances and matches the sales, refunds, paid invoices and payouts.');
  }
} finally {
  await close();
}
