package dev.durable.tests.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy between engines and their database (or their broker), which the test can cut and
 * restore as if the network failed. {@link #cut()} closes every connection through it and refuses
 * new ones (accepts and closes them at once) until {@link #restore()}. {@link #silence()} fails
 * without a word, as a dropped network or a database host that vanished does: bytes sent through
 * the connections open then, and through those opened until {@link #restore()}, are dropped, and
 * those connections stay silent for good (their state is lost on the far side), while connections
 * opened after the restore work.
 */
public final class TcpProxy implements AutoCloseable {
  private final String targetHost;
  private final int targetPort;
  private final ServerSocket server;
  private final Set<Link> links = ConcurrentHashMap.newKeySet();
  private final AtomicInteger accepted = new AtomicInteger();
  private final AtomicInteger refused = new AtomicInteger();
  private volatile boolean cut;
  private volatile boolean silent;
  private volatile boolean closed;

  /** One connection through the proxy: the client's socket and the one to the target. */
  private static final class Link {
    final Socket client;
    final Socket upstream;
    volatile boolean silenced;

    Link(Socket client, Socket upstream) {
      this.client = client;
      this.upstream = upstream;
    }

    void close() {
      closeQuietly(client);
      closeQuietly(upstream);
    }
  }

  /** A proxy on a free local port to {@code targetHost:targetPort}, accepting at once. */
  public TcpProxy(String targetHost, int targetPort) {
    this.targetHost = targetHost;
    this.targetPort = targetPort;
    try {
      server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the proxy's port", e);
    }
    Thread acceptor = new Thread(this::accept, "proxy-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /** A proxy to the host and port of a {@code jdbc:postgresql://host[:port]/...} URL. */
  public static TcpProxy toPostgres(String jdbcUrl) {
    URI uri = URI.create(jdbcUrl.substring("jdbc:".length()));
    return new TcpProxy(uri.getHost(), uri.getPort() == -1 ? 5432 : uri.getPort());
  }

  /** The local port the proxy listens on, on the loopback address. */
  public int port() {
    return server.getLocalPort();
  }

  /** {@code jdbcUrl}, a {@code jdbc:postgresql://} URL, pointed at this proxy instead. */
  public String route(String jdbcUrl) {
    String prefix = "jdbc:postgresql://";
    if (!jdbcUrl.startsWith(prefix)) {
      throw new IllegalArgumentException("not a PostgreSQL JDBC URL: " + jdbcUrl);
    }
    int pathStart = jdbcUrl.indexOf('/', prefix.length());
    return prefix + "127.0.0.1:" + server.getLocalPort()
        + (pathStart < 0 ? "/" : jdbcUrl.substring(pathStart));
  }

  /**
   * Closes every connection through the proxy and refuses new ones until {@link #restore()};
   * returns how many connections it closed.
   */
  public int cut() {
    cut = true;
    int closed = 0;
    for (Link link : links) {
      link.close();
      closed++;
    }
    return closed;
  }

  /**
   * Drops everything sent through the connections open now and through those opened until {@link
   * #restore()}, closing nothing: those connections stay silent for good.
   */
  public void silence() {
    silent = true;
    for (Link link : links) {
      link.silenced = true;
    }
  }

  /** Accepts and forwards new connections again. */
  public void restore() {
    cut = false;
    silent = false;
  }

  /** How many connections were forwarded. */
  public int accepted() {
    return accepted.get();
  }

  /** How many connections were refused while cut. */
  public int refused() {
    return refused.get();
  }

  private void accept() {
    while (!closed) {
      Socket client;
      try {
        client = server.accept();
      } catch (IOException e) {
        return;
      }
      if (cut) {
        refused.incrementAndGet();
        closeQuietly(client);
        continue;
      }
      Socket upstream = new Socket();
      try {
        upstream.connect(new InetSocketAddress(targetHost, targetPort), 5_000);
        client.setTcpNoDelay(true);
        upstream.setTcpNoDelay(true);
      } catch (IOException e) {
        closeQuietly(client);
        closeQuietly(upstream);
        continue;
      }
      accepted.incrementAndGet();
      Link link = new Link(client, upstream);
      link.silenced = silent;
      links.add(link);
      pump(link, client, upstream);
      pump(link, upstream, client);
      if (cut) {
        // cut while this connection was being set up
        link.close();
      }
    }
  }

  private void pump(Link link, Socket from, Socket to) {
    Thread thread = new Thread(() -> {
      byte[] buffer = new byte[16 * 1024];
      try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
        int n;
        while ((n = in.read(buffer)) != -1) {
          if (!link.silenced) {
            out.write(buffer, 0, n);
          }
        }
      } catch (IOException e) {
        // closed by cut() or by either end
      } finally {
        link.close();
        links.remove(link);
      }
    }, "proxy-pump");
    thread.setDaemon(true);
    thread.start();
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException ignored) {
      // closing anyway
    }
  }

  @Override
  public void close() {
    closed = true;
    try {
      server.close();
    } catch (IOException ignored) {
      // closing anyway
    }
    cut();
  }
}
