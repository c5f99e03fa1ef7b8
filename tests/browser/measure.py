"""Audio measurements for the browser tests (numpy/scipy only)."""
import io
import math

import numpy as np
from scipy.io import wavfile
from scipy.signal import resample_poly


def read_wav(data_or_path):
    """Returns (mono float64 samples in [-1, 1], sample rate) from WAV bytes or a path."""
    src = io.BytesIO(data_or_path) if isinstance(data_or_path, (bytes, bytearray)) else str(data_or_path)
    rate, x = wavfile.read(src)
    if x.dtype == np.int16:
        x = x / 32768.0
    elif x.dtype == np.int32:
        x = x / 2147483648.0
    elif x.dtype == np.uint8:
        x = (x - 128) / 128.0
    x = np.asarray(x, dtype=np.float64)
    if x.ndim == 2:
        x = x.mean(axis=1)
    return x, rate


def dbfs(value):
    return 20 * math.log10(max(value, 1e-12))


def rms_db(x):
    return dbfs(float(np.sqrt(np.mean(np.square(x))))) if len(x) else -240.0


def active_rms_db(x, rate, gate_db=-50.0, frame_seconds=0.02):
    """RMS over the 20 ms frames louder than gate_db: the speech level, ignoring the silences."""
    n = int(rate * frame_seconds)
    frames = x[: len(x) // n * n].reshape(-1, n)
    energy = np.mean(np.square(frames), axis=1)
    loud = energy > 10 ** (gate_db / 10)
    if not loud.any():
        return -240.0
    return 10 * math.log10(float(np.mean(energy[loud])))


def resample(x, rate_from, rate_to):
    if rate_from == rate_to:
        return x
    g = math.gcd(int(rate_from), int(rate_to))
    return resample_poly(x, rate_to // g, rate_from // g)


def best_match(needle, haystack):
    """Normalised cross-correlation peak of needle inside haystack: (correlation, lag, gain dB)."""
    n = len(needle)
    size = 1 << (len(haystack) + n).bit_length()
    corr = np.fft.irfft(np.fft.rfft(haystack, size) * np.conj(np.fft.rfft(needle, size)), size)[: len(haystack) - n + 1]
    energy = np.convolve(np.square(haystack), np.ones(n), mode="valid")
    norm = np.sqrt(energy * np.sum(np.square(needle))) + 1e-20
    ncc = corr / norm
    lag = int(np.argmax(ncc))
    segment = haystack[lag: lag + n]
    gain_db = rms_db(needle) - rms_db(segment)
    return float(ncc[lag]), lag, gain_db


def yin(x, rate, fmin=40.0, fmax=700.0, window_seconds=0.04, hop_seconds=0.01, threshold=0.3, gate_db=-40.0):
    """YIN f0 track: array of f0 in Hz per hop, NaN where unvoiced or quieter than gate_db below the peak frame."""
    w = int(window_seconds * rate)
    tau_min = max(2, int(rate / fmax))
    tau_max = int(rate / fmin)
    hop = int(hop_seconds * rate)
    n = w + tau_max + 1
    size = 1 << (n + w).bit_length()
    starts = range(0, max(0, len(x) - n), hop)
    frame_rms = np.array([np.sqrt(np.mean(np.square(x[s: s + w]))) for s in starts])
    if len(frame_rms) == 0:
        return np.array([])
    gate = frame_rms.max() * 10 ** (gate_db / 20)
    out = np.full(len(frame_rms), np.nan)
    for i, s in enumerate(starts):
        if frame_rms[i] < gate:
            continue
        seg = x[s: s + n]
        a = seg[:w]
        r = np.fft.irfft(np.fft.rfft(seg, size) * np.conj(np.fft.rfft(a, size)), size)[: tau_max + 1]
        sq = np.concatenate(([0.0], np.cumsum(np.square(seg))))
        e_tau = sq[w: w + tau_max + 1] - sq[: tau_max + 1]
        d = sq[w] + e_tau - 2 * r
        d[0] = 0
        cum = np.cumsum(d[1:])
        cmnd = np.ones(tau_max + 1)
        cmnd[1:] = d[1:] * np.arange(1, tau_max + 1) / np.maximum(cum, 1e-20)
        below = np.nonzero(cmnd[tau_min: tau_max] < threshold)[0]
        if len(below) == 0:
            continue
        tau = tau_min + below[0]
        while tau + 1 < tau_max and cmnd[tau + 1] < cmnd[tau]:
            tau += 1
        y0, y1, y2 = cmnd[tau - 1], cmnd[tau], cmnd[tau + 1]
        denom = y0 - 2 * y1 + y2
        shift = 0.5 * (y0 - y2) / denom if abs(denom) > 1e-12 else 0.0
        out[i] = rate / (tau + shift)
    return out


def envelope(x, rate, hop_seconds=0.01):
    n = int(rate * hop_seconds)
    return np.sqrt(np.mean(np.square(x[: len(x) // n * n].reshape(-1, n)), axis=1))


def frame_lag(a, rate_a, b, rate_b, max_frames=10):
    """Lag of b behind a in 10 ms frames (|lag| ≤ max_frames), from their level envelopes."""
    ea, eb = envelope(a, rate_a), envelope(b, rate_b)
    k = min(len(ea), len(eb)) - max_frames
    best, best_lag = -np.inf, 0
    for lag in range(-max_frames, max_frames + 1):
        x = ea[max_frames: k]
        y = eb[max_frames + lag: k + lag]
        c = float(np.corrcoef(x, y)[0, 1])
        if c > best:
            best, best_lag = c, lag
    return best_lag


def pitch_shift_cents(original, original_rate, shifted, shifted_rate):
    """Measures a pitch shift on speech two ways, in cents:
    paired: median over frames voiced in both (after aligning any processing delay by the level
            envelopes) of 1200·log2(f_shifted / f_original);
    medians: 1200·log2(median f0 of shifted voiced frames / median f0 of original voiced frames).
    """
    f_orig = yin(original, original_rate)
    f_shift = yin(shifted, shifted_rate)
    lag = frame_lag(original, original_rate, shifted, shifted_rate)
    if lag > 0:
        f_shift = f_shift[lag:]
    elif lag < 0:
        f_orig = f_orig[-lag:]
    k = min(len(f_orig), len(f_shift))
    both = ~np.isnan(f_orig[:k]) & ~np.isnan(f_shift[:k])
    cents = 1200 * np.log2(f_shift[:k][both] / f_orig[:k][both])
    paired = float(np.median(cents)) if both.any() else float("nan")
    medians = 1200 * math.log2(np.nanmedian(f_shift) / np.nanmedian(f_orig))
    return {
        "paired": paired,
        "medians": float(medians),
        "voiced_frames": int(both.sum()),
        "agreeing_frames": float(np.mean(np.abs(cents - paired) < 50)) if both.any() else 0.0,
        "lag_ms": 10 * lag,
        "f0_original_hz": float(np.nanmedian(f_orig)),
        "f0_shifted_hz": float(np.nanmedian(f_shift)),
    }
