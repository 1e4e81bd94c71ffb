// What a subtree move answers (move.server.ts), shown on the service request
// screen's 'Move Agent' form. Client-safe: no server imports.

export type MoveRefusalCode =
  | "AGENT_NOT_FOUND"
  | "UPLINE_NOT_FOUND"
  | "SAME_AGENT"
  | "INSIDE_SUBTREE"
  | "OTHER_HIERARCHY"
  | "DIRECTOR"
  | "ALREADY_UNDER"
  | "UPLINE_INACTIVE"
  | "UPLINE_LEVEL_BELOW"
  | "CHANGED";

export const MOVE_MESSAGES: Record<MoveRefusalCode, string> = {
  AGENT_NOT_FOUND: "No agent with this agent number in the chosen hierarchy.",
  UPLINE_NOT_FOUND: "No agent with this upline agent number in the chosen hierarchy.",
  SAME_AGENT: "An agent cannot be moved under itself: choose another upline.",
  INSIDE_SUBTREE: "The new upline is in the downline of the agent to move: an agent cannot be moved under its own downline.",
  OTHER_HIERARCHY: "The new upline is in another hierarchy (carrier, company, block or MGA): an agent moves only within its hierarchy.",
  DIRECTOR: "This agent is a marketing director (the top of a hierarchy) and is not moved.",
  ALREADY_UNDER: "The agent is already directly under this upline.",
  UPLINE_INACTIVE: "The new upline is deactivated: choose an active agent.",
  UPLINE_LEVEL_BELOW: "The new upline's level is below the agent's level (a larger level number): choose an upline at the agent's level or above.",
  CHANGED: "The hierarchy changed since the preview (the downline to move is not the same size any more): look at the preview again.",
};

export const MOVE_DONE = {
  title: "Agent Moved",
  message: (agentNumber: string, uplineNumber: string, size: number) =>
    `Agent ${agentNumber} and the ${size - 1} agent${size - 1 === 1 ? "" : "s"} of its downline are now under agent ${uplineNumber}.`,
} as const;
