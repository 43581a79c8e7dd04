package dev.durable.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The garbage collections of this JVM while it is open, each with when it began and how long it
 * took (from the collectors' notifications, to the millisecond): a wake-up measured late may have
 * waited out a collection rather than the engine.
 */
final class GcPauses implements AutoCloseable {
  /** One collection: when it began, how long it took, and which collector's it was. */
  record Pause(Instant start, Duration duration, String collector) {
    Instant end() {
      return start.plus(duration);
    }

    /** Whether it overlaps the window from {@code from} to {@code to}. */
    boolean overlaps(Instant from, Instant to) {
      return start.isBefore(to) && end().isAfter(from);
    }
  }

  private final long jvmStartMillis = ManagementFactory.getRuntimeMXBean().getStartTime();
  private final List<Pause> pauses = new ArrayList<>();
  private final List<NotificationEmitter> emitters = new ArrayList<>();
  private final NotificationListener listener = this::collected;

  GcPauses() {
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (collector instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener(listener, null, null);
        emitters.add(emitter);
      }
    }
  }

  private void collected(Notification notification, Object handback) {
    if (!notification.getType().equals(
        GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
      return;
    }
    GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from(
        (CompositeData) notification.getUserData());
    Pause pause = new Pause(Instant.ofEpochMilli(jvmStartMillis + info.getGcInfo().getStartTime()),
        Duration.ofMillis(info.getGcInfo().getDuration()), info.getGcName());
    synchronized (pauses) {
      pauses.add(pause);
    }
  }

  /** The collections seen so far. */
  List<Pause> pauses() {
    synchronized (pauses) {
      return List.copyOf(pauses);
    }
  }

  @Override
  public void close() {
    for (NotificationEmitter emitter : emitters) {
      try {
        emitter.removeNotificationListener(listener);
      } catch (ListenerNotFoundException e) {
        // not registered: nothing to remove
      }
    }
  }
}
