/**
 * Whether a process with this id is alive (signal 0: nothing is sent). A
 * process of another user that we may not signal (EPERM) is alive too.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
