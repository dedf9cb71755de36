/**
 * IPC channel on which the preload asks the main process for the bridge values.
 *
 * The token travels over IPC rather than `webPreferences.additionalArguments` because extra
 * arguments land on the renderer process's command line, which any local user can read (`ps`,
 * /proc/PID/cmdline); IPC keeps the secret inside the app's own processes.
 */
export const BRIDGE_CHANNEL = 'stablepos:bridge';

/** IPC channel on which the page asks the main process to print a session's receipt (`printReceipt`). */
export const PRINT_CHANNEL = 'stablepos:print-receipt';
