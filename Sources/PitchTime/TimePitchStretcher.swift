import AudioCore
