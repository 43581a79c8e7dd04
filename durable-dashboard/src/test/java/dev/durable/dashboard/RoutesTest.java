package dev.durable.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The route table: patterns, decoded segments, and 404 and 405 read from the same lines. */
class RoutesTest {
  private static Response answer(String text) {
    return Response.html(200, text);
  }

  private final Routes<String> routes = new Routes<String>()
      .get("/", (visit, path) -> answer("list"))
      .get("/runs/{id}", (visit, path) -> answer("run " + path.get("id")))
      .post("/runs/{id}/{action}",
          (visit, path) -> answer(path.get("action") + " " + path.get("id")))
      .getAndOpenPost("/login", (visit, path) -> answer("login"));

  private String handle(String method, String path) {
    Routes.Match<String> match = routes.match(method, path);
    assertInstanceOf(Routes.Found.class, match);
    Routes.Found<String> found = (Routes.Found<String>) match;
    return found.route().handler().handle("visit", found.segments()).text();
  }

  @Test
  void aPatternMatchesWholeSegmentsAndHandsThemOnDecoded() {
    assertEquals("list", handle("GET", "/"));
    assertEquals("list", handle("HEAD", "/"));
    assertEquals("run a/b c+d", handle("GET", "/runs/a%2Fb%20c+d"));
    assertEquals("cancel x", handle("POST", "/runs/x/cancel"));
    assertEquals("run ", handle("GET", "/runs/"), "an empty id reaches the handler, which says");
  }

  @Test
  void aPathNoLineHasIsNotFoundAndAKnownOneUnderAnotherMethodIsNotAllowed() {
    assertInstanceOf(Routes.NotFound.class, routes.match("GET", "/runs/x/cancel/again"));
    assertInstanceOf(Routes.NotFound.class, routes.match("GET", "/nowhere"));
    assertInstanceOf(Routes.NotFound.class, routes.match("GET", "/runs"));
    assertInstanceOf(Routes.NotAllowed.class, routes.match("GET", "/runs/x/cancel"));
    assertInstanceOf(Routes.NotAllowed.class, routes.match("POST", "/runs/x"));
    assertInstanceOf(Routes.NotAllowed.class, routes.match("DELETE", "/"));
  }

  @Test
  void onlyALineMarkedOpenTakesAPostWithoutALogin() {
    assertTrue(routes.openPost("/login"));
    assertFalse(routes.openPost("/runs/x/cancel"));
    assertFalse(routes.openPost("/nowhere"));
    assertEquals(Map.of(), ((Routes.Found<String>) routes.match("POST", "/login")).segments());
  }

  @Test
  void aPatternStartsWithASlash() {
    assertThrows(IllegalArgumentException.class,
        () -> routes.get("runs", (visit, path) -> answer("")));
  }
}
