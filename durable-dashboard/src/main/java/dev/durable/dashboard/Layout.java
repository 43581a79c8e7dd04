package dev.durable.dashboard;

import static dev.durable.dashboard.Html.html;

import dev.durable.dashboard.Html.Safe;
import java.time.Duration;

/**
 * The frame of every page: the navigation, who is looking (read-only, log in, logged in), the
 * live-refresh switch, the last action's message, then the page's own content.
 *
 * <p>Pages load one style sheet and one script from {@code /static/}, and nothing inline, so that
 * the Content-Security-Policy can forbid inline scripts: a value that slipped through escaping
 * still could not run.
 */
final class Layout {
  private Layout() {}

  /** The pages in the navigation, by path. */
  enum Section {
    RUNS("/", "Runs"),
    QUEUES("/queues", "Queues"),
    WORKERS("/workers", "Workers and queues"),
    LOST("/lost", "Lost tasks"),
    SCHEDULES("/schedules", "Schedules"),
    NONE("", "");

    final String path;
    final String label;

    Section(String path, String label) {
      this.path = path;
      this.label = label;
    }
  }

  /**
   * A whole page. Elements of {@code content} with an {@code id} and {@code data-live} are fetched
   * again every {@code refresh} while the live switch is on.
   */
  static String page(
      String title, Section current, Viewer viewer, Duration refresh, Safe content) {
    StringBuilder nav = new StringBuilder();
    for (Section section : Section.values()) {
      if (section != Section.NONE) {
        nav.append(html("<a href=\"{}\"{}>{}</a>", section.path,
            section == current ? new Safe(" class=\"current\" aria-current=\"page\"") : Safe.EMPTY,
            section.label));
      }
    }
    Safe flash = viewer.flash()
        .map(f -> html("<p class=\"flash {}\" role=\"status\">{}</p>", f.ok() ? "ok" : "error",
            f.text()))
        .orElse(Safe.EMPTY);
    return html("""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{} · Durable</title>
        <link rel="stylesheet" href="/static/dashboard.css">
        <script src="/static/dashboard.js" defer></script>
        </head>
        <body data-refresh-ms="{}">
        <header>
        <a class="brand" href="/">Durable</a>
        <nav>{}</nav>
        <span class="who">{}</span>
        <label class="live" title="fetch this page's data again every {}"><input type="checkbox" id="live" checked> live</label>
        </header>
        <main>
        {}<h1>{}</h1>
        {}
        </main>
        </body>
        </html>
        """, title, refresh.toMillis(), new Safe(nav.toString()), who(viewer),
        Format.span(refresh), flash, title, content).html();
  }

  private static Safe who(Viewer viewer) {
    if (viewer.canAct()) {
      return html("logged in {}",
          html("<form class=\"logout\" method=\"post\" action=\"/logout\">{}<button type=\"submit\">log out</button></form>",
              viewer.csrfField()));
    }
    if (viewer.actionsEnabled()) {
      return new Safe("read-only · <a id=\"login\" href=\"/login\">log in</a> to act");
    }
    return new Safe("<span title=\"started without a token: no actions\">read-only</span>");
  }
}
