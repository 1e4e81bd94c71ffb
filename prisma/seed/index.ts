// The seed: reference data on every start-up, demo data once.
//   seedReferenceData()  idempotent upserts (questions, state fees, lists,
//                        templates, merge fields, system PDFs...)
//   seedDemoData()       the demo installation, once (marker 'seed.demo.version')
//   demoAccounts         the demo sign-ins, printed in the start-up banner
// Factories shared with the tests live in ./factories (re-exported by
// tests/support/factories.ts).
export { seedReferenceData, seedReferenceDataWith } from "./reference";
export {
  DEMO_HEALTH_BLOCKS,
  DEMO_PASSWORD,
  DEMO_SEED_MARKER,
  DEMO_SEED_VERSION,
  demoAccounts,
  seedDemoData,
  type DemoSeedResult,
} from "./demo";
