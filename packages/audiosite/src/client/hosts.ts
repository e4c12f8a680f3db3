/** The live hosts audiosite reads (SoundCloud), each for one kind of request. */

/** The JSON API of the web app: every data read (`/resolve`, `/users/…`, `/tracks…`, `/search…`, `/charts`, `/media/…`). */
export const API_ORIGIN = "https://api-v2.soundcloud.com";
/** The site: its home page lists the app scripts that hold the key. */
export const SITE_ORIGIN = "https://soundcloud.com";
/** The embed player: its canonical link turns an id into a permalink URL. */
export const PLAYER_ORIGIN = "https://w.soundcloud.com";
/** The script host of the web app. */
export const SCRIPT_HOST = "a-v2.sndcdn.com";
