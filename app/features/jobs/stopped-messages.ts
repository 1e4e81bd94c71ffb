// What a run whose job can no longer run says (decision 0083), and its start-again button.
export type StoppedWhat = "license import" | "agent import" | "report";

const times = (n: number) => `${n} time${n === 1 ? "" : "s"}`;

const AFTER: Record<StoppedWhat, string> = {
  "license import": "Start it again: it carries on after the licenses already written.",
  "agent import": "Start it again: nothing of it was written.",
  report: "Run it again.",
};

const NOUN: Record<StoppedWhat, string> = { "license import": "import", "agent import": "import", report: "report" };

export const STOPPED_MESSAGES = {
  interrupted: (what: StoppedWhat, cuts: number) =>
    `The ${NOUN[what]} was interrupted ${times(cuts)} and stopped: the portal was stopped or crashed while it ran. ${AFTER[what]}`,
  failed: (what: StoppedWhat, attempts: number) => `The ${NOUN[what]} failed ${times(attempts)} and stopped. ${AFTER[what]}`,
  jobGone: (what: StoppedWhat) => `The ${NOUN[what]} stopped: its job is no longer in the job queue. ${AFTER[what]}`,
  startAgain: "Start again",
  runAgain: "Run again",
  notStoppable: "Only a failed run can be started again.",
} as const;
