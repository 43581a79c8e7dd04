package dev.durable.tests.workflows;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A value with every kind of component the codecs must round-trip. */
public record Shipment(
    List<Map<String, Order>> batches,
    Optional<Instant> pickedUpAt,
    Optional<String> note,
    Carrier carrier,
    LocalDate day,
    Duration window,
    long weightGrams,
    double volume,
    boolean fragile) {

  /** Who carries a shipment. */
  public enum Carrier {
    POST,
    COURIER
  }
}
