/**
 * The Durable web dashboard: {@link dev.durable.dashboard.DurableDashboard} serves pages over an
 * engine's operator API from the user's process, on the JDK's HTTP server. Everything else here is
 * package-private: the {@code Router} with its route table ({@code Routes}), the pages' templates
 * ({@code src/main/jte}, compiled to Java at build time by jte and called through {@code
 * Templates}), the sessions behind the token, the style sheet and script under {@code /static/}.
 *
 * <p>To add a page, say {@code /overview}:
 * <ol>
 *   <li>a record of what it shows, {@code record OverviewPage(List<QueueInfo> queues, ...)};
 *   <li>a template {@code src/main/jte/overview.jte}: {@code @param Frame frame}, {@code @param
 *       OverviewPage page}, its markup inside {@code @template.layout(frame = frame, content =
 *       @`...`)}; every {@code ${...}} is escaped, so markup comes only from the template (no
 *       inline script or style: the Content-Security-Policy forbids them);
 *   <li>one method in {@code Templates} calling the generated {@code JteoverviewGenerated.render};
 *   <li>one line in {@code Router}'s table, {@code .get("/overview", (visit, path) ->
 *       overview(visit))}, whose handler reads the engine, builds the record and answers {@code
 *       Response.html(200, Templates.overview(frame("Overview", Section.OVERVIEW, visit), page))};
 *       a link in the navigation is one more {@link dev.durable.dashboard.Section} constant.
 * </ol>
 * A POST route is an action: the router refuses it without a login and the session's CSRF value
 * before its handler runs.
 */
package dev.durable.dashboard;
