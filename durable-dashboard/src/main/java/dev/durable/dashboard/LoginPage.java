package dev.durable.dashboard;

import static dev.durable.dashboard.Html.html;

import dev.durable.dashboard.Html.Safe;

/** The login form: the dashboard's token, once per browser. */
final class LoginPage {
  private LoginPage() {}

  static Safe render(boolean actionsEnabled, String problem) {
    if (!actionsEnabled) {
      return html("<p>This dashboard was started without a token: it is read-only and nobody"
          + " logs in. <a href=\"/\">Back to the runs</a></p>");
    }
    return html("""
        {}<form class="login" method="post" action="/login">
        <label>token <input type="password" name="token" id="token" autocomplete="current-password" required autofocus></label>
        <button type="submit" id="login-button">Log in</button>
        </form>
        <p class="muted">The token is the one the dashboard was started with. Logging in keeps a
        session cookie in this browser (HttpOnly, SameSite=Strict) until it closes or the session
        goes 8 hours unused.</p>""",
        problem == null ? Safe.EMPTY : html("<p class=\"problems\" role=\"alert\">{}</p>", problem));
  }
}
