package dev.durable.dashboard;

import dev.durable.dashboard.Sessions.Flash;
import dev.durable.dashboard.Sessions.Session;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.Overview;
import dev.durable.runtime.RunExport;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.StoredText;
import dev.durable.runtime.TaskInfo;
import dev.durable.runtime.UnknownRunException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers each request: reads the engine's operator API, renders a page, or takes an action and
 * redirects back with a message. Knows nothing of HTTP beyond {@link Request} and {@link
 * Response}, so tests drive it without a server.
 */
final class Router {
  private static final Logger log = LoggerFactory.getLogger(Router.class);

  private final DurableEngine engine;
  private final Sessions sessions;
  private final Clock clock;
  private final Duration refresh;
  private final Actions actions;
  private final GraphPages graphs;
  private final LoginThrottle throttle;
  private final Routes<Visit> routes;

  Router(DurableEngine engine, Sessions sessions, Clock clock, Duration refresh) {
    this.engine = engine;
    this.sessions = sessions;
    this.clock = clock;
    this.refresh = refresh;
    this.actions = new Actions(engine);
    this.graphs = new GraphPages(engine);
    this.throttle = new LoginThrottle(clock);
    this.routes = table();
  }

  /** A request and the session it belongs to, if any. */
  private record Visit(Request request, Optional<Session> session) {}

  /**
   * Every page and action: a new page is one line here, a handler reading its data into a record,
   * and a template (see the package's documentation).
   */
  private Routes<Visit> table() {
    return new Routes<Visit>()
        .get("/overview", (visit, path) -> overview(visit))
        .get("/", (visit, path) -> runs(visit))
        .get("/runs/{id}", (visit, path) -> run(path.get("id"), visit))
        .get("/runs/{id}/timeline", (visit, path) -> timeline(path.get("id"), visit))
        .post("/runs/{id}/{action}", (visit, path) -> actions.perform(path.get("id"),
            path.get("action"), visit.request().form(), visit.session().orElseThrow(),
            visit.request().client()))
        .get("/runs/{id}/graph", (visit, path) -> runGraph(path.get("id"), visit))
        .get("/workflows/{name}", (visit, path) -> workflow(path.get("name"), null, visit))
        .get("/workflows/{name}/compare", (visit, path) -> compare(path.get("name"), visit))
        .get("/workflows/{name}/{version}", (visit, path) -> workflow(path.get("name"),
            path.get("version"), visit))
        .get("/queues", (visit, path) -> queues(visit))
        .post("/queues/{name}/{action}", (visit, path) -> actions.performOnQueue(
            path.get("name"), path.get("action"), visit.session().orElseThrow(),
            visit.request().client()))
        .get("/workers", (visit, path) -> workers(visit))
        .get("/lost", (visit, path) -> lost(visit))
        .get("/schedules", (visit, path) -> schedules(visit))
        .getAndOpenPost("/login", (visit, path) -> login(visit))
        .post("/logout", (visit, path) -> logout(visit.session().orElseThrow()))
        .get("/static/{file}", (visit, path) -> Assets.get(path.get("file"))
            .orElseGet(() -> notFound(visit)));
  }

  Response respond(Request request) {
    Visit visit = new Visit(request, sessions.find(request.cookie()));
    try {
      return route(visit);
    } catch (StoreException e) {
      log.warn("dashboard: the store failed while answering {} {}", request.method(),
          request.rawPath(), e);
      return error(503, "The store cannot be reached",
          "The database did not answer: " + e.getMessage() + ". Reload once it is back.", visit);
    } catch (RuntimeException e) {
      log.error("dashboard: failed to answer {} {}", request.method(), request.rawPath(), e);
      return error(500, "The dashboard failed",
          "Answering this request failed: " + e + ". The application's log has the details.",
          visit);
    }
  }

  /** Refuses a POST that may not act before looking further, then answers from the table. */
  private Response route(Visit visit) {
    Request request = visit.request();
    String path = request.rawPath();
    if (request.method().equals("POST") && !routes.openPost(path)) {
      Optional<Response> refused = refuseAction(visit);
      if (refused.isPresent()) {
        return refused.get();
      }
    }
    Routes.Match<Visit> match = routes.match(request.method(), path);
    if (match instanceof Routes.Found<Visit> found) {
      Optional<Response> refused = refuseUnstorable(found.segments(), visit);
      return refused.orElseGet(() -> found.route().handler().handle(visit, found.segments()));
    }
    return match instanceof Routes.NotAllowed ? notAllowed(visit) : notFound(visit);
  }

  /**
   * Why a POST may not act, if it may not: the dashboard has no token, the browser has not logged
   * in, or the form lacks the session's CSRF value (a page of another site posting here).
   */
  private Optional<Response> refuseAction(Visit visit) {
    Optional<Session> session = visit.session();
    if (!sessions.actionsEnabled()) {
      return Optional.of(error(403, "Read-only",
          "This dashboard was started without a token, so it takes no actions. Start it with"
              + " DurableDashboard.builder().token(...) to requeue, cancel, redispatch, signal"
              + " and fork runs.", visit));
    }
    if (session.isEmpty()) {
      return Optional.of(error(403, "Log in first",
          "Actions need a login: open /login and give the dashboard's token.", visit));
    }
    if (!session.get().csrfMatches(visit.request().form().get("csrf"))) {
      return Optional.of(error(403, "Refused",
          "The form did not carry this session's CSRF value: submit it from the dashboard's own"
              + " page (reload the page if it was open before you logged in again).", visit));
    }
    return Optional.empty();
  }

  /**
   * Why a request names nothing stored, if it does not: a path segment with a control character
   * (no run id, workflow name or version holds one: 404), or a parameter with a NUL character
   * (no stored text holds one, and PostgreSQL refuses it in a query: 400). Refused here, before
   * the engine is asked, so that the database never sees them.
   */
  private Optional<Response> refuseUnstorable(Map<String, String> segments, Visit visit) {
    for (String segment : segments.values()) {
      if (segment.chars().anyMatch(Character::isISOControl)) {
        return Optional.of(error(404, "Not found", "Nothing here is named '"
            + StoredText.echo(segment) + "': no run id, workflow name or version holds a control"
            + " character.", visit));
      }
    }
    Request request = visit.request();
    for (Map<String, String> parameters : List.of(request.query(), request.form())) {
      for (Map.Entry<String, String> parameter : parameters.entrySet()) {
        if (parameter.getKey().indexOf('\0') >= 0 || parameter.getValue().indexOf('\0') >= 0) {
          return Optional.of(error(400, "Bad request", "Parameter '"
              + StoredText.echo(parameter.getKey()) + "' holds a NUL character (%00), which no"
              + " stored value holds: remove it.", visit));
        }
      }
    }
    return Optional.empty();
  }

  private Viewer viewer(Visit visit) {
    Optional<Session> session = visit.session();
    return new Viewer(sessions.actionsEnabled(), session, visit.request().liveRefresh()
        ? Optional.empty() : session.flatMap(Session::takeFlash));
  }

  private Frame frame(String title, Section section, Visit visit) {
    return frame(title, section, viewer(visit));
  }

  private Frame frame(String title, Section section, Viewer viewer) {
    return new Frame(title, section, viewer, refresh);
  }

  private Response runs(Visit visit) {
    Request request = visit.request();
    RunsQuery query = RunsQuery.of(request.query());
    List<String> problems = new ArrayList<>();
    RunFilter.Builder filter = query.filter(problems::add);
    if (!query.after().isEmpty()) {
      try {
        filter.after(engine.getRunStatus(query.after()).run());
      } catch (UnknownRunException e) {
        problems.add("the page was to start after run '" + StoredText.echo(query.after())
            + "', which is no longer stored; showing the first page");
      }
    }
    List<RunInfo> runs = engine.listRuns(filter.build());
    boolean hasNext = runs.size() > query.pageSize();
    if (hasNext) {
      runs = runs.subList(0, query.pageSize());
    }
    return Response.html(problems.isEmpty() ? 200 : 400, Templates.runs(
        frame("Runs", Section.RUNS, visit), new RunsPage(query, runs, hasNext, problems)));
  }

  private Response run(String runId, Visit visit) {
    RunStatus status;
    RunExport.Run stored; // its checkpoints and its history, read once for the page and timeline
    Optional<Overview.Stuck> stuck;
    try {
      status = engine.getRunStatus(runId);
      stored = engine.export(List.of(runId)).runs().get(0);
      stuck = engine.stuck(runId);
    } catch (UnknownRunException e) {
      return noSuchRun(runId, visit);
    }
    List<TaskInfo> tasks = engine.tasks(runId);
    Instant now = clock.instant();
    return Response.html(200, Templates.run(frame("Run " + runId, Section.NONE, visit),
        RunPage.of(status, Positions.of(status, stored.checkpoints()), stored.events(), tasks,
            now, RunRelations.of(engine, status), TimelinePage.small(stored, tasks, now),
            stuck)));
  }

  private Response overview(Visit visit) {
    return Response.html(200, Templates.overview(frame("Overview", Section.OVERVIEW, visit),
        OverviewPage.read(engine, clock.instant())));
  }

  /** A run's timeline, of a window ({@code from}, {@code to}) and a page of rows ({@code rows}). */
  private Response timeline(String runId, Visit visit) {
    RunExport.Run run;
    try {
      run = engine.export(List.of(runId)).runs().get(0);
    } catch (UnknownRunException e) {
      return noSuchRun(runId, visit);
    }
    TimelinePage page = TimelinePage.of(run, engine.tasks(runId), visit.request().query(),
        clock.instant());
    return Response.html(200, Templates.timeline(
        frame("Timeline of run " + runId, Section.NONE, visit), page));
  }

  private Response runGraph(String runId, Visit visit) {
    GraphPages.RunGraph page;
    try {
      page = graphs.run(runId);
    } catch (UnknownRunException e) {
      return noSuchRun(runId, visit);
    }
    return Response.html(200, Templates.runGraph(
        frame("Graph of run " + runId, Section.NONE, visit), page));
  }

  /** Workflow {@code name}'s versions, and the graph of {@code version} unless it is null. */
  private Response workflow(String name, String version, Visit visit) {
    GraphPages.WorkflowGraphs page = graphs.workflow(name, Optional.ofNullable(version));
    if (version != null && page.shown().isEmpty()) {
      return error(404, "No such version", "No shape of workflow '" + StoredText.echo(name)
          + "' version '" + StoredText.echo(version) + "' is stored.", visit);
    }
    String title = "Workflow " + name + (version == null ? "" : " version " + version);
    return Response.html(200, Templates.workflow(frame(title, Section.NONE, visit), page));
  }

  private Response compare(String name, Visit visit) {
    String a = visit.request().query().getOrDefault("a", "");
    String b = visit.request().query().getOrDefault("b", "");
    return graphs.compare(name, a, b)
        .map(page -> Response.html(200, Templates.compare(frame("Workflow " + name + ": version "
            + a + " against " + b, Section.NONE, visit), page)))
        .orElseGet(() -> error(404, "No such versions", "Workflow '" + StoredText.echo(name)
            + "' has no shape stored for version '" + StoredText.echo(a) + "' or version '"
            + StoredText.echo(b) + "'.", visit));
  }

  private Response queues(Visit visit) {
    return Response.html(200, Templates.queues(frame("Queues", Section.QUEUES, visit),
        new QueuesPage(engine.queues(), clock.instant())));
  }

  private Response workers(Visit visit) {
    return Response.html(200, Templates.workers(frame("Workers and queues", Section.WORKERS, visit),
        new WorkersPage(engine.workers(), engine.taskQueues(), clock.instant())));
  }

  private Response lost(Visit visit) {
    String text = visit.request().query().getOrDefault("silence", "").trim();
    if (text.isEmpty()) {
      text = LostPage.DEFAULT_SILENCE;
    }
    List<String> problems = new ArrayList<>();
    Duration silence = LostPage.silence(text, problems::add);
    List<TaskInfo> tasks = silence == null ? List.of() : engine.silentTasks(silence);
    Viewer viewer = viewer(visit);
    return Response.html(problems.isEmpty() ? 200 : 400, Templates.lost(
        frame("Lost tasks", Section.LOST, viewer),
        new LostPage(text, silence, tasks, clock.instant(), viewer, problems)));
  }

  private Response schedules(Visit visit) {
    return Response.html(200, Templates.schedules(frame("Schedules", Section.SCHEDULES, visit),
        new SchedulesPage(engine.storedSchedules())));
  }

  private Response login(Visit visit) {
    Request request = visit.request();
    String token = request.method().equals("POST")
        ? request.form().get("token") : request.query().get("token");
    if (token != null && sessions.actionsEnabled()) {
      String client = request.client();
      Optional<Duration> wait = throttle.waitFor(client);
      if (wait.isPresent()) {
        long seconds = Math.max(1, (wait.get().toMillis() + 999) / 1000);
        return Response.html(429, Templates.login(frame("Log in", Section.NONE, visit),
            new LoginPage(true,
                "Too many wrong tokens from your address: try again in " + seconds + " s.")))
            .withHeader("Retry-After", Long.toString(seconds));
      }
      if (sessions.tokenMatches(token)) {
        throttle.succeeded(client);
        Session created = sessions.create();
        created.flash(new Flash(true, "Logged in: actions are enabled in this browser."));
        visit.session().ifPresent(sessions::end);
        log.info("dashboard audit: {} logged in from {}", created.label(), client);
        return Response.seeOther("/").withHeader("Set-Cookie", Sessions.cookieFor(created));
      }
      int inARow = throttle.failed(client);
      log.warn("dashboard audit: a login from {} with a wrong token was refused ({} in a row)",
          client, inARow);
      return Response.html(403, Templates.login(frame("Log in", Section.NONE, visit),
          new LoginPage(true, "That is not the dashboard's token.")));
    }
    return Response.html(200, Templates.login(frame("Log in", Section.NONE, visit),
        new LoginPage(sessions.actionsEnabled(), null)));
  }

  private Response logout(Session session) {
    sessions.end(session);
    return Response.seeOther("/").withHeader("Set-Cookie", Sessions.expiredCookie());
  }

  private Response noSuchRun(String runId, Visit visit) {
    return error(404, "No such run",
        "No run with id '" + StoredText.echo(runId) + "' is stored.", visit);
  }

  private Response notFound(Visit visit) {
    return error(404, "Not found", "There is no such page here.", visit);
  }

  private Response notAllowed(Visit visit) {
    return error(405, "Method not allowed", "This page does not take that method.", visit);
  }

  private Response error(int status, String title, String message, Visit visit) {
    return Response.html(status, Templates.error(frame(title, Section.NONE, visit), message));
  }
}
