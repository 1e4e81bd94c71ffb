// Appointing an active agent position in a state after its approval (issue 37 item 2: 'an agent
// adding a state later creates a request for it'). Client-safe: the form's schema and messages.
import { z } from "zod";

export const ADD_STATE_MESSAGES = {
  title: "Appoint in another state",
  lead: "The agent is appointed in the state from today: an appointment filing is made for each line of authority, due by the state's rule.",
  stateLabel: "State",
  chooseState: "Choose the state to appoint the agent in.",
  alreadyAppointed: (name: string) => `The agent is already appointed in ${name}.`,
  noRule: "The portal has no rule for this state: choose a state from the list.",
  inactive: "This agent is not active: an inactive agent is not appointed in new states.",
  submit: "Appoint in this state",
  doneTitle: "Appointed",
  done: (name: string, filings: number) =>
    filings === 0
      ? `The agent is appointed in ${name}. No filing was made: nothing tells which line of authority to file (no licence in the state, and a product that names none) or the agent has no NPN.`
      : `The agent is appointed in ${name}: ${filings} appointment filing${filings === 1 ? "" : "s"} to file, on ADMIN > State Filings.`,
} as const;

export const addStateSchema = z.object({
  stateCode: z.string({ error: ADD_STATE_MESSAGES.chooseState }).trim().toUpperCase().regex(/^[A-Z]{2}$/, ADD_STATE_MESSAGES.chooseState),
});
