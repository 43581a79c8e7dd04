package dev.durable.dashboard;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** The style sheet and the script the pages load from {@code /static/}, read once. */
final class Assets {
  private Assets() {}

  private static final Map<String, Asset> ASSETS = Map.of(
      "dashboard.css", load("dashboard.css", "text/css; charset=utf-8"),
      "dashboard.js", load("dashboard.js", "text/javascript; charset=utf-8"));

  private record Asset(String contentType, byte[] body) {}

  /** The asset called {@code name}, if there is one. */
  static Optional<Response> get(String name) {
    Asset asset = ASSETS.get(name);
    if (asset == null) {
      return Optional.empty();
    }
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Cache-Control", "max-age=300");
    return Optional.of(new Response(200, asset.contentType(), asset.body(), headers));
  }

  private static Asset load(String name, String contentType) {
    try (InputStream in = Assets.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("the dashboard's " + name + " is missing from its jar");
      }
      return new Asset(contentType, in.readAllBytes());
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the dashboard's " + name, e);
    }
  }
}
