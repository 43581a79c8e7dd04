package dev.durable.samples.expense;

import java.util.concurrent.atomic.AtomicInteger;

/** A stand-in for a bank's transfer API, counting its transfers. */
public final class Bank {
  private final AtomicInteger transfers = new AtomicInteger();

  /** Transfers {@code cents} to {@code account}; returns the transfer's id. */
  public String transfer(String account, long cents) {
    return "tr_" + transfers.incrementAndGet() + "_" + account;
  }

  public int transfers() {
    return transfers.get();
  }
}
