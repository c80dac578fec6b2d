/**
 * One line per case of the fault suite, its record of what each fault did: `fault: <fault> → <outcome>`.
 * The suite is the cases that print here: servers killed and the database taken away (cluster/faults.test.ts),
 * the bank, SMTP and push services failing (each beside the code it tests).
 */
export function faultOutcome(fault: string, outcome: string) {
  console.log(`fault: ${fault} → ${outcome}`);
}
