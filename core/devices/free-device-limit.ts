/** Devices an account without a paid plan may bind; a plan's own limit applies once paid for. */
export const DEFAULT_DEVICE_LIMIT = 5;
