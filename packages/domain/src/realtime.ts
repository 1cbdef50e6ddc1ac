/** Where the realtime gateway listens, on the API's own host (decision 0043). */
export const REALTIME_PATH = '/v2/realtime';
